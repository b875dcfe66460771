/**
 * Telematics over NATS beyond CRUD: the JetStream stream positions travel through (gateway → svc-telematics), the
 * key-value bucket of device grants (svc-telematics → every gateway), and the latest-positions request.
 */
const safe = (root: string) => root.replace(/[^A-Za-z0-9_-]/g, '_');

/**
 * How many GPS streams there are. Two, each with a leader of its own on a NATS cluster (svc-telematics keeps them
 * apart): a stream whose leader's server is lost takes no message until the others elect a new one, 4 to 9 s later,
 * and meanwhile the gateway publishes to the other. svc-telematics consumes both.
 */
export const GPS_STREAM_COUNT = 2;
/** A GPS stream's subject (`stream`: 0 or 1): one message per group of accepted requests. */
export const gpsSubject = (root: string, stream = 0) => `${root}.telematics.gps.positions${stream ? `.${stream + 1}` : ''}`;
/** A GPS stream: its name carries the subject root, so each test run has its own. */
export const gpsStreamName = (root: string, stream = 0) => `GPS${stream ? stream + 1 : ''}_${safe(root)}`;
/** Every GPS stream, by number. */
export const gpsStreams = (root: string) =>
  Array.from({ length: GPS_STREAM_COUNT }, (_, stream) => ({ name: gpsStreamName(root, stream), subject: gpsSubject(root, stream) }));
/**
 * Where svc-telematics sets apart what Postgres refuses, so that it never holds back the positions behind it: one
 * message per refused position (a GpsEnvelope of one), or a stream message it cannot read, with the reason.
 */
export const gpsDeadLetterSubject = (root: string) => `${root}.telematics.gps.dead-letter`;
export const gpsDeadLetterStreamName = (root: string) => `GPS_DEAD_LETTER_${safe(root)}`;
/** svc-telematics's durable consumer of the stream (shared by its replicas). */
export const gpsConsumerName = 'svc-telematics';
/** The bucket of device grants, by token hash. */
export const deviceGrantsBucket = (root: string) => `DEVICE_GRANTS_${safe(root)}`;
/** How long JetStream remembers a message id to drop a resent request (its duplicate window). */
export const GPS_DUPLICATE_WINDOW_MS = 10 * 60 * 1000;
/** `{root}.telematics.gps.latest`: the latest position of each driver and truck. */
export const gpsLatestSubject = (root: string) => `${root}.telematics.gps.latest`;
/** `{root}.telematics.gps.track`: TrackQuery → Track, a truck's positions between two moments, thinned. */
export const gpsTrackSubject = (root: string) => `${root}.telematics.gps.track`;

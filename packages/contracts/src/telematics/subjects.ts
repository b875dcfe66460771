/**
 * Telematics over NATS beyond CRUD: the JetStream stream positions travel through (gateway → svc-telematics), the
 * key-value bucket of device grants (svc-telematics → every gateway), and the latest-positions request.
 */
const safe = (root: string) => root.replace(/[^A-Za-z0-9_-]/g, '_');

/** The stream's subject: one message per accepted request (a position or a batch). */
export const gpsSubject = (root: string) => `${root}.telematics.gps.positions`;
/** The stream: its name carries the subject root, so each test run has its own. */
export const gpsStreamName = (root: string) => `GPS_${safe(root)}`;
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

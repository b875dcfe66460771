/**
 * Who may do what on NATS: one user per part (README: Deploying), each allowed only the subjects it needs, written
 * as nats-server configuration. Used by the one-machine cluster (system.mjs), the credentials test, and, run as
 * `node scripts/nats-auth.mjs`, to write deploy/k8s/nats-authorization.conf (deploy/k8s and docker-compose.yml include
 * it; its passwords are $NATS_PASSWORD_… variables the server reads from its environment).
 *
 * The rules, on the subject root R:
 * - services' request subjects `R.{service}.>`: only the gateway asks; services ask each other only what they do
 *   (reference holds, a record by id, the load actions of accounting, IFTA's miles, fuel and trucks);
 * - `R.events.>`: services announce, the gateway listens (and svc-ai hears the documents kept, to learn layouts);
 * - the GPS streams, their dead letters and the device grants: the gateway and svc-telematics only;
 * - each object bucket: the parts that read or write it;
 * - replies: each part reads only its own inbox prefix (`_INBOX_{user}`, NATS_USER's), answers only requests it got.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CHARGE_TERMS_RESOURCE,
  CHARGES_FOR_LOADS_ACTION,
  CHARGES_RESOURCE,
  deviceGrantsBucket,
  documentsBucket,
  documentUploadBucket,
  DOCUMENTS_RESOURCE,
  DRIVER_DEDUCTION_IMPORT_ACTION,
  DRIVER_DEDUCTIONS_RESOURCE,
  eventSubject,
  EXPENSE_IMPORT_ACTION,
  extractUploadBucket,
  FUEL_CHECKS_ACTION,
  gpsConsumerName,
  gpsDeadLetterStreamName,
  gpsDeadLetterSubject,
  gpsStreams,
  GPS_STOP_EVIDENCE,
  IFTA_RESOURCE,
  importUploadBucket,
  LOAD_ACCOUNTING_ACTIONS,
  REFERENCES_RESOURCE,
  renderedFilesBucket,
  rpcSubject,
  SERVICES,
  serviceQueue,
  STOP_WATCH_ACTIONS,
} from '@tms/contracts';

/** The NATS users: the gateway and one per service, named as the processes are. */
export const NATS_USERS = ['svc-gateway', ...SERVICES.map(serviceQueue)];

/** A part's replies come on this prefix (NATS_USER's inbox), which only it may read. */
export const inboxPrefix = (user) => `_INBOX_${user}`;

/** The environment variable a deployed server reads a user's password from: NATS_PASSWORD_SVC_CORE. */
export const passwordVariable = (user) => `NATS_PASSWORD_${user.toUpperCase().replaceAll('-', '_')}`;

/** The JetStream API of one stream (info, create, update, consumers, direct and stored gets), and its acks. */
const streamApi = (stream) => [
  `$JS.API.*.*.${stream}`,
  `$JS.API.*.*.${stream}.>`,
  `$JS.API.*.*.*.${stream}`,
  `$JS.API.*.*.*.${stream}.>`,
  `$JS.ACK.${stream}.>`,
  `$JS.FC.${stream}.>`,
];
const kvBucket = (bucket) => [...streamApi(`KV_${bucket}`), `$KV.${bucket}.>`];
const objectBucket = (bucket) => [...streamApi(`OBJ_${bucket}`), `$O.${bucket}.>`];

/** Every object bucket's name, by root (the gateway passes files through each). */
const OBJECT_BUCKETS = [documentsBucket, documentUploadBucket, extractUploadBucket, importUploadBucket, renderedFilesBucket];

/** What each user may publish (but not `deny`) and subscribe to, on subject root `root`. */
export function permissions(root) {
  const gps = gpsStreams(root).flatMap(({ name, subject }) => [...streamApi(name), subject]);
  const deadLetters = [...streamApi(gpsDeadLetterStreamName(root)), gpsDeadLetterSubject(root)];
  const core = (resource, action) => rpcSubject(root, 'core', resource, action);
  const events = `${root}.events.>`;
  const jetStream = ['$JS.API.INFO'];
  // A bucket's stream, once made, is never changed or deleted by a part: a stolen password cannot point it at other
  // subjects to read them. (The GPS streams are brought to a new configuration by their parts: ensureGpsStreams.)
  const buckets = [`KV_${deviceGrantsBucket(root)}`, ...OBJECT_BUCKETS.map((bucket) => `OBJ_${bucket(root)}`)];
  const deny = ['$JS.API.STREAM.DELETE.>', ...buckets.map((stream) => `$JS.API.STREAM.UPDATE.${stream}`)];
  const service = (name, publish, subscribe = []) => ({
    publish: [...jetStream, events, ...publish],
    deny,
    subscribe: [`${root}.${name}.>`, `${inboxPrefix(serviceQueue(name))}.>`, ...subscribe],
    // Answers go to the asker's inbox, only in reply to a request this part received.
    allow_responses: true,
  });
  return {
    'svc-gateway': {
      publish: [...jetStream, ...SERVICES.map((name) => `${root}.${name}.>`), ...gps, ...kvBucket(deviceGrantsBucket(root)),
        ...OBJECT_BUCKETS.flatMap((bucket) => objectBucket(bucket(root)))],
      deny,
      subscribe: [`${inboxPrefix('svc-gateway')}.>`, events],
    },
    'svc-core': service('core', [
      rpcSubject(root, '*', REFERENCES_RESOURCE, 'named'),
      // A fuel card statement (issue 48): its expenses and cash advances (drivers' deductions) in svc-accounting, its
      // purchases checked against svc-telematics's positions.
      rpcSubject(root, 'accounting', 'expenses', EXPENSE_IMPORT_ACTION),
      rpcSubject(root, 'accounting', DRIVER_DEDUCTIONS_RESOURCE, DRIVER_DEDUCTION_IMPORT_ACTION),
      rpcSubject(root, 'telematics', IFTA_RESOURCE, FUEL_CHECKS_ACTION),
      ...[documentsBucket, documentUploadBucket, importUploadBucket].flatMap((bucket) => objectBucket(bucket(root))),
    ]),
    'svc-accounting': service('accounting', [
      core(REFERENCES_RESOURCE, '*'),
      core('*', 'get'),
      ...Object.values(LOAD_ACCOUNTING_ACTIONS).map((action) => core('loads', action)),
      core(DOCUMENTS_RESOURCE, 'list'),
      // An invoice's lines and a settlement's extras (issue 43): the loads' charges and terms, and what GPS saw at a detention line's stop.
      core(CHARGES_RESOURCE, 'list'),
      core(CHARGES_RESOURCE, CHARGES_FOR_LOADS_ACTION),
      core(CHARGE_TERMS_RESOURCE, 'for-load'),
      rpcSubject(root, 'telematics', GPS_STOP_EVIDENCE.resource, GPS_STOP_EVIDENCE.action),
      // IFTA's return: the miles and gaps, the Diesel bought, and the trucks that name them.
      rpcSubject(root, 'telematics', IFTA_RESOURCE, 'miles'),
      core(IFTA_RESOURCE, 'fuel'),
      core('trucks', 'list'),
      ...[documentsBucket, renderedFilesBucket].flatMap((bucket) => objectBucket(bucket(root))),
    ]),
    'svc-telematics': service(
      'telematics',
      [
        core(REFERENCES_RESOURCE, '*'),
        core('*', 'get'),
        // Arrivals and departures from GPS: the loads under way, and what the trucks did at their stops.
        ...Object.values(STOP_WATCH_ACTIONS).map((action) => core('loads', action)),
        ...gps,
        ...deadLetters,
        ...kvBucket(deviceGrantsBucket(root)),
      ],
      gpsStreams(root).map(({ name }) => `$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.${name}.${gpsConsumerName}`),
    ),
    // Learning layouts from saved loads (issue 49): the documents kept, their load, and their bytes (read only).
    'svc-ai': service(
      'ai',
      [core('loads', 'get'), ...[extractUploadBucket, documentsBucket].flatMap((bucket) => objectBucket(bucket(root)))],
      [eventSubject(root, 'document', 'created')],
    ),
  };
}

const quoted = (value) => JSON.stringify(value);
const list = (subjects) => `[${subjects.map(quoted).join(', ')}]`;

/**
 * The `authorization` block: every user with its password and permissions. `password(user)` is written as it
 * answers: a quoted literal, or a `$VARIABLE` the server reads from its environment. No user, no connection.
 */
export function authorizationConfig(root, password) {
  const users = Object.entries(permissions(root)).map(([user, allowed]) => {
    const responses = allowed.allow_responses ? `\n        allow_responses: true` : '';
    return (
      `    { user: ${quoted(user)}, password: ${password(user)}, permissions: {\n` +
      `        publish: { allow: ${list(allowed.publish)}\n          deny: ${list(allowed.deny)} }\n` +
      `        subscribe: ${list(allowed.subscribe)}${responses} } }`
    );
  });
  return `authorization {\n  users: [\n${users.join('\n')}\n  ]\n}\n`;
}

/**
 * One server of a cluster on this machine: its client port, its route port and the others' routes (with their own
 * user), its JetStream store, and the authorization above. `include` (a file name) stands for the authorization.
 */
export function clusterServerConfig({ name, port, clusterPort, routePorts, storeDir, routeUser, routePassword, authorization }) {
  return [
    `server_name: ${quoted(name)}`,
    `listen: "127.0.0.1:${port}"`,
    `jetstream { store_dir: ${quoted(storeDir)} }`,
    `cluster {`,
    `  name: "tms"`,
    `  listen: "127.0.0.1:${clusterPort}"`,
    `  authorization { user: ${quoted(routeUser)}, password: ${quoted(routePassword)} }`,
    `  routes: ${list(routePorts.map((routePort) => `nats://${routeUser}:${routePassword}@127.0.0.1:${routePort}`))}`,
    `}`,
    authorization,
  ].join('\n');
}

export const DEPLOYED_AUTHORIZATION = fileURLToPath(new URL('../deploy/k8s/nats-authorization.conf', import.meta.url));

/** The deployed file: subject root 'tms', passwords from the server's environment. */
export const deployedAuthorization = () =>
  `# Written by \`node scripts/nats-auth.mjs\` from its rules: change them there, not here.\n` +
  `# Each part's password comes from the server's environment (${passwordVariable('svc-core')}, ...).\n` +
  authorizationConfig('tms', (user) => `$${passwordVariable(user)}`);

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(DEPLOYED_AUTHORIZATION, deployedAuthorization());
  console.log(`Wrote ${path.relative(process.cwd(), DEPLOYED_AUTHORIZATION)}`);
}

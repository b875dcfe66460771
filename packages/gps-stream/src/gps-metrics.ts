import { Counter } from 'prom-client';

/**
 * A position's way, counted (served at /metrics on HEALTH_PORT): accepted by a gateway (stored in the GPS stream,
 * answered 202), then stored in Postgres or dead-lettered by svc-telematics. Accepted minus stored and dead-lettered,
 * summed over the parts, is what the stream still holds for svc-telematics.
 */
export const gpsMetrics = {
  accepted: new Counter({ name: 'tms_gps_positions_accepted_total', help: 'GPS positions a gateway accepted (stored in the GPS stream, answered 202)' }),
  stored: new Counter({ name: 'tms_gps_positions_stored_total', help: 'GPS positions svc-telematics wrote to Postgres (a transaction committed)' }),
  deadLettered: new Counter({
    name: 'tms_gps_positions_dead_lettered_total',
    help: 'GPS positions (or unreadable stream messages) svc-telematics set apart in the dead-letter stream',
  }),
};

import { wholeNumberSetting } from '@tms/service-kit';

/** svc-telematics's own settings (README: Configuration). */
const positive = (name: string, fallback: number) => wholeNumberSetting(name, { fallback });

export const telematicsConfig = {
  /** Days of positions kept; older days are dropped whole. */
  get retentionDays() {
    return positive('GPS_RETENTION_DAYS', 90);
  },
  /** How long the latest positions' pages are reused before Postgres is read again (ms): how stale a screen may be. */
  get latestReuseMs() {
    return positive('GPS_LATEST_REUSE_MS', 1000);
  },
  /** Positions written to Postgres in one transaction: a batch closes at the first stream message past it. */
  get consumerBatch() {
    return positive('GPS_CONSUMER_BATCH', 5000);
  },
  /** How often the stops of loads under way are looked at (ms): an arrival is known within this and a bit of a position being stored. */
  get stopWatchIntervalMs() {
    return wholeNumberSetting('GPS_STOP_WATCH_INTERVAL_MS', { fallback: 15_000, min: 100, max: 45_000 });
  },
};

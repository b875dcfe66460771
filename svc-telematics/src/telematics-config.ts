/** svc-telematics's own settings (README: Configuration). */
const positive = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};

export const telematicsConfig = {
  /** Days of positions kept; older days are dropped whole. */
  get retentionDays() {
    return positive('GPS_RETENTION_DAYS', 90);
  },
  /** Stream messages written to Postgres in one transaction at most. */
  get consumerBatch() {
    return positive('GPS_CONSUMER_BATCH', 500);
  },
};

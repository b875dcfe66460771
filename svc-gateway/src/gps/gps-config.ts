/** The ingestion route's own settings (README: Configuration), read once at start. */
export interface GpsConfig {
  /** Requests a device may make per second, on average (per gateway replica). */
  ratePerSecond: number;
  /** Requests a device may make at once after being quiet. */
  burst: number;
  /** How long the latest positions' answer is reused (ms), as svc-telematics reuses its pages. */
  latestReuseMs: number;
}

const positive = (env: Record<string, string | undefined>, name: string, fallback: number) => {
  const raw = env[name]?.trim();
  const value = raw ? Number(raw) : fallback;
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

export function loadGpsConfig(env: Record<string, string | undefined> = process.env): GpsConfig {
  const ratePerSecond = positive(env, 'GPS_RATE_LIMIT_PER_SECOND', 10);
  return {
    ratePerSecond,
    burst: positive(env, 'GPS_RATE_LIMIT_BURST', Math.max(20, ratePerSecond * 2)),
    latestReuseMs: positive(env, 'GPS_LATEST_REUSE_MS', 1000),
  };
}

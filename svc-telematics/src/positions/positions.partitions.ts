import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { telematicsConfig } from '../telematics-config.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days ahead whose partitions are made in advance (and the day before today, for late devices). */
const DAYS_AHEAD = 3;

const dayName = (day: Date) => day.toISOString().slice(0, 10).replaceAll('-', '');
const dayStart = (time: number) => new Date(Math.floor(time / DAY_MS) * DAY_MS);

/**
 * The positions table's partitions, one per UTC day: made a few days ahead, and dropped whole once older than
 * GPS_RETENTION_DAYS (no slow DELETE of millions of rows). Positions of days without a partition (a device's clock
 * far behind) land in the default partition, trimmed by the same retention. Run at start and every hour, under an
 * advisory lock so replicas take turns.
 */
@Injectable()
export class PositionsPartitions implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Partitions');
  private timer?: NodeJS.Timeout;

  constructor(private readonly dataSource: DataSource) {}

  async onApplicationBootstrap() {
    await this.maintain();
    this.timer = setInterval(() => void this.maintain().catch((error: unknown) => this.logger.warn(String(error))), 60 * 60 * 1000);
    this.timer.unref();
  }

  onApplicationShutdown() {
    clearInterval(this.timer);
  }

  async maintain(now = Date.now()) {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.query(`SELECT pg_advisory_lock(hashtext('tms-telematics-partitions'))`);
      for (let offset = -1; offset <= DAYS_AHEAD; offset++) {
        const from = dayStart(now + offset * DAY_MS);
        const to = new Date(from.getTime() + DAY_MS);
        try {
          await runner.query(
            `CREATE TABLE IF NOT EXISTS telematics.positions_${dayName(from)} PARTITION OF telematics.positions
             FOR VALUES FROM ('${from.toISOString()}') TO ('${to.toISOString()}')`,
          );
        } catch (error) {
          // The default partition already holds positions of that day: they stay there, and that is fine.
          this.logger.warn(`No partition for ${dayName(from)}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      const cutoff = dayStart(now - telematicsConfig.retentionDays * DAY_MS);
      const old: { name: string }[] = await runner.query(
        `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
         JOIN pg_namespace n ON n.oid = p.relnamespace
         WHERE n.nspname = 'telematics' AND p.relname = 'positions' AND c.relname ~ '^positions_[0-9]{8}$' AND c.relname < $1`,
        [`positions_${dayName(cutoff)}`],
      );
      for (const { name } of old) await runner.query(`DROP TABLE telematics."${name}"`);
      await runner.query(`DELETE FROM telematics.positions_default WHERE recorded_at < $1`, [cutoff.toISOString()]);
      if (old.length) this.logger.log(`Dropped ${old.length} day(s) of positions older than ${telematicsConfig.retentionDays} days`);
    } finally {
      await runner.query(`SELECT pg_advisory_unlock(hashtext('tms-telematics-partitions'))`).catch(() => undefined);
      await runner.release();
    }
  }
}

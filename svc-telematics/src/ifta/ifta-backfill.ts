import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { IftaTotals } from './ifta-totals.js';

/** How often the list of trucks to build is looked at. */
const EVERY_MS = 10_000;

/**
 * Builds afresh the totals of the trucks listed in telematics.ifta_backfill, one truck at a time in the background:
 * those whose positions were stored before the totals existed (listed by the migration), and any an operator lists
 * (after changing COMPANY_TIME_ZONE, or positions loaded straight into Postgres, as bench/ifta.mjs does). A truck's
 * batches meanwhile wait for it (its lock), then add to it.
 */
@Injectable()
export class IftaBackfill implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('IftaBackfill');
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly totals: IftaTotals,
  ) {}

  onApplicationBootstrap() {
    const pass = () => {
      this.running ??= this.run()
        .catch((error: unknown) => this.logger.warn(`Building IFTA totals: ${String(error)} (tried again shortly)`))
        .finally(() => (this.running = undefined));
    };
    pass();
    this.timer = setInterval(pass, EVERY_MS);
    this.timer.unref();
  }

  async onApplicationShutdown() {
    clearInterval(this.timer);
    await this.running;
  }

  async run(): Promise<number> {
    let built = 0;
    for (;;) {
      const [next]: { truck_id: string }[] = await this.dataSource.query(`SELECT truck_id FROM telematics.ifta_backfill ORDER BY truck_id LIMIT 1`);
      if (!next) break;
      await this.totals.rebuild(next.truck_id);
      await this.dataSource.query(`DELETE FROM telematics.ifta_backfill WHERE truck_id = $1`, [next.truck_id]);
      built++;
    }
    if (built) this.logger.log(`IFTA totals built afresh for ${built} trucks`);
    return built;
  }
}

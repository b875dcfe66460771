import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { IftaTotals } from './ifta-totals.js';

/**
 * Builds the totals of trucks whose positions were stored before the totals existed (listed by the migration), one
 * truck at a time in the background after start; a truck's batches meanwhile wait for it (its lock), then add to it.
 */
@Injectable()
export class IftaBackfill implements OnApplicationBootstrap {
  private readonly logger = new Logger('IftaBackfill');

  constructor(
    private readonly dataSource: DataSource,
    private readonly totals: IftaTotals,
  ) {}

  onApplicationBootstrap() {
    void this.run().catch((error: unknown) => this.logger.warn(`IFTA totals of earlier positions: ${String(error)} (tried again at the next start)`));
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
    if (built) this.logger.log(`IFTA totals built for ${built} trucks' earlier positions`);
    return built;
  }
}

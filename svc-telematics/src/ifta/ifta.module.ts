import { Module } from '@nestjs/common';
import { IftaBackfill } from './ifta-backfill.js';
import { IftaTotals } from './ifta-totals.js';
import { IftaController } from './ifta.controller.js';
import { IftaService } from './ifta.service.js';

/** IFTA (issue 29): miles per truck, day and state, kept by the positions' writer (IftaTotals), and read here. */
@Module({
  controllers: [IftaController],
  providers: [IftaTotals, IftaService, IftaBackfill],
  exports: [IftaTotals],
})
export class IftaModule {}

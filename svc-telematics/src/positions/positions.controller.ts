import { Controller, UseInterceptors } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import { gpsLatestSubject, type ListPagePayload } from '@tms/contracts';
import { config, DeadlineInterceptor, internalErrorReply, ListPages, RecentPages } from '@tms/service-kit';
import { Repository } from 'typeorm';
import { telematicsConfig } from '../telematics-config.js';
import { LatestLocationEntity } from './latest-location.entity.js';

/**
 * `{root}.telematics.gps.latest`: the latest position of each driver and truck, newest first, page by page. Every
 * GPS Tracking screen reads it while devices keep changing it: its pages are read at most once per
 * GPS_LATEST_REUSE_MS (RecentPages), so a thousand screens cost Postgres what one does.
 */
@Controller()
@UseInterceptors(DeadlineInterceptor)
export class PositionsController {
  private readonly pages: RecentPages;

  constructor(@InjectRepository(LatestLocationEntity) repository: Repository<LatestLocationEntity>) {
    this.pages = new RecentPages(new ListPages(repository, { timestamp: 'DESC' }), telematicsConfig.latestReuseMs);
  }

  @MessagePattern(gpsLatestSubject(config.subjectRoot))
  async latest(@Payload() payload: ListPagePayload) {
    try {
      return await this.pages.page(payload?.after);
    } catch (error) {
      return internalErrorReply(error);
    }
  }
}

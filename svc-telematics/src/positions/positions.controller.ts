import { Controller, UseInterceptors } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import { gpsLatestSubject, type ListPagePayload } from '@tms/contracts';
import { config, DeadlineInterceptor, internalErrorReply, ListPages } from '@tms/service-kit';
import { Repository } from 'typeorm';
import { LatestLocationEntity } from './latest-location.entity.js';

/** `{root}.telematics.gps.latest`: the latest position of each driver and truck, newest first, page by page. */
@Controller()
@UseInterceptors(DeadlineInterceptor)
export class PositionsController {
  private readonly pages: ListPages;

  constructor(@InjectRepository(LatestLocationEntity) repository: Repository<LatestLocationEntity>) {
    this.pages = new ListPages(repository, { timestamp: 'DESC' });
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

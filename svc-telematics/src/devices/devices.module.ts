import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { eventsClientModule } from '@tms/service-kit';
import { DeviceEntity } from './device.entity.js';
import { DevicesController } from './devices.controller.js';
import { DevicesService } from './devices.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([DeviceEntity]), eventsClientModule()],
  controllers: [DevicesController],
  providers: [DevicesService],
})
export class DevicesModule {}

import { crudController } from '@tms/service-kit';
import { DevicesService } from './devices.service.js';

export const DevicesController = crudController('telematics', 'devices', DevicesService);

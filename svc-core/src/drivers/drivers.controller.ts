import { crudController } from '@tms/service-kit';
import { DriversService } from './drivers.service.js';

export const DriversController = crudController('core', 'drivers', DriversService);

import { crudController, crudImportController } from '@tms/service-kit';
import { DriversService } from './drivers.service.js';

export const DriversController = crudController('core', 'drivers', DriversService);
export const DriversImportController = crudImportController('core', 'drivers', DriversService);

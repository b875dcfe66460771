import { crudController, crudImportController } from '@tms/service-kit';
import { TrucksService } from './trucks.service.js';

export const TrucksController = crudController('core', 'trucks', TrucksService);
export const TrucksImportController = crudImportController('core', 'trucks', TrucksService);

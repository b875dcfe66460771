import { crudController, crudImportController } from '@tms/service-kit';
import { LoadsService } from './loads.service.js';

export const LoadsController = crudController('core', 'loads', LoadsService);
export const LoadsImportController = crudImportController('core', 'loads', LoadsService);

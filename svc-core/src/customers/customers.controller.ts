import { crudController, crudImportController } from '@tms/service-kit';
import { CustomersService } from './customers.service.js';

export const CustomersController = crudController('core', 'customers', CustomersService);
export const CustomersImportController = crudImportController('core', 'customers', CustomersService);

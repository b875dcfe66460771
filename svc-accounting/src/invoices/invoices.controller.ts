import { crudController } from '@tms/service-kit';
import { InvoicesService } from './invoices.service.js';

export const InvoicesController = crudController('accounting', 'invoices', InvoicesService);

import { crudController } from '@tms/service-kit';
import { PaymentsService } from './payments.service.js';

export const PaymentsController = crudController('accounting', 'payments', PaymentsService);

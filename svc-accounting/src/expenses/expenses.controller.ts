import { crudController } from '@tms/service-kit';
import { ExpensesService } from './expenses.service.js';

export const ExpensesController = crudController('accounting', 'expenses', ExpensesService);

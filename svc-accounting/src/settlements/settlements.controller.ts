import { crudController } from '@tms/service-kit';
import { SettlementsService } from './settlements.service.js';

export const SettlementsController = crudController('accounting', 'settlements', SettlementsService);

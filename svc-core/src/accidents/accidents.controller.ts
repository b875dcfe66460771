import { crudController } from '@tms/service-kit';
import { AccidentsService } from './accidents.service.js';

export const AccidentsController = crudController('core', 'accidents', AccidentsService);

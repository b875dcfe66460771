import { crudController } from '@tms/service-kit';
import { InspectionsService } from './inspections.service.js';

export const InspectionsController = crudController('core', 'inspections', InspectionsService);

import { crudController } from '@tms/service-kit';
import { ViolationsService } from './violations.service.js';

export const ViolationsController = crudController('core', 'violations', ViolationsService);

import { crudController } from '@tms/service-kit';
import { FuelService } from './fuel.service.js';

export const FuelController = crudController('core', 'fuel', FuelService);

import { crudController } from '@tms/service-kit';
import { MaintenanceService } from './maintenance.service.js';

export const MaintenanceController = crudController('core', 'maintenance', MaintenanceService);

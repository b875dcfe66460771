import type { z } from 'zod';
import { expenseInputSchema } from './accounting/expense.js';
import { invoiceInputSchema } from './accounting/invoice.js';
import { paymentInputSchema } from './accounting/payment.js';
import { remittanceInputSchema } from './accounting/remittance.js';
import { settlementInputSchema } from './accounting/settlement.js';
import { customerInputSchema } from './dispatch/customer.js';
import { loadInputSchema } from './dispatch/load.js';
import { driverInputSchema } from './fleet/driver.js';
import { fuelInputSchema } from './fleet/fuel.js';
import { maintenanceInputSchema } from './fleet/maintenance.js';
import { truckInputSchema } from './fleet/truck.js';
import { accidentInputSchema } from './safety/accident.js';
import { inspectionInputSchema } from './safety/inspection.js';
import { violationInputSchema } from './safety/violation.js';
import type { ResourceName } from './subjects.js';
import { deviceInputSchema } from './telematics/device.js';

/**
 * The input schema of every `/api/{resource}` in RESOURCE_OWNERS: what a create may carry (an update, any subset
 * of it). A resource listed there without its schema here does not compile, so the input fuzz test of the gateway
 * covers every resource from the day it lands.
 */
export const RESOURCE_SCHEMAS = {
  trucks: truckInputSchema,
  drivers: driverInputSchema,
  // Right after the trucks and drivers they name: the input fuzz test draws references from the records made before.
  fuel: fuelInputSchema,
  maintenance: maintenanceInputSchema,
  customers: customerInputSchema,
  loads: loadInputSchema,
  invoices: invoiceInputSchema,
  expenses: expenseInputSchema,
  payments: paymentInputSchema,
  remittances: remittanceInputSchema,
  settlements: settlementInputSchema,
  inspections: inspectionInputSchema,
  accidents: accidentInputSchema,
  violations: violationInputSchema,
  devices: deviceInputSchema,
} as const satisfies Record<ResourceName, z.ZodObject>;

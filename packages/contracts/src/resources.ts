import type { z } from 'zod';
import { customerInputSchema } from './dispatch/customer.js';
import { loadInputSchema } from './dispatch/load.js';
import { driverInputSchema } from './fleet/driver.js';
import { truckInputSchema } from './fleet/truck.js';
import type { ResourceName } from './subjects.js';

/**
 * The input schema of every `/api/{resource}` in RESOURCE_OWNERS: what a create may carry (an update, any subset
 * of it). A resource listed there without its schema here does not compile, so the input fuzz test of the gateway
 * covers every resource from the day it lands.
 */
export const RESOURCE_SCHEMAS = {
  trucks: truckInputSchema,
  drivers: driverInputSchema,
  customers: customerInputSchema,
  loads: loadInputSchema,
} as const satisfies Record<ResourceName, z.ZodObject>;

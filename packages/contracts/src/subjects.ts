/**
 * NATS subjects: requests are `{root}.{service}.{resource}.{action}`, events `{root}.events.{entity}.{change}`.
 * The root is `tms`; tests give each run its own root so that they never reach a developer's running services.
 */
export const SERVICES = ['core', 'accounting', 'telematics', 'ai'] as const;
export type ServiceName = (typeof SERVICES)[number];

export const CRUD_ACTIONS = ['list', 'get', 'create', 'update', 'delete'] as const;
export type CrudAction = (typeof CRUD_ACTIONS)[number];

export const DEFAULT_SUBJECT_ROOT = 'tms';

/** The queue group (and process name) of a service: N replicas share its work. */
export const serviceQueue = (service: ServiceName) => `svc-${service}`;

export const rpcSubject = (root: string, service: ServiceName, resource: string, action: string) =>
  `${root}.${service}.${resource}.${action}`;

export const healthSubject = (root: string, service: ServiceName) => `${root}.${service}.health`;

export type ChangeKind = 'created' | 'updated' | 'deleted';
export const eventSubject = (root: string, entity: string, change: ChangeKind) => `${root}.events.${entity}.${change}`;

/**
 * Which service owns each `/api/{resource}`. The gateway routes by this table, so a new domain's resource is
 * reachable once it is listed here and its service answers the CRUD subjects.
 */
export const RESOURCE_OWNERS = {
  trucks: 'core',
  drivers: 'core',
  fuel: 'core',
  maintenance: 'core',
  customers: 'core',
  loads: 'core',
  invoices: 'accounting',
  expenses: 'accounting',
  payments: 'accounting',
  settlements: 'accounting',
  inspections: 'core',
  accidents: 'core',
  violations: 'core',
  devices: 'telematics',
} as const satisfies Record<string, ServiceName>;
export type ResourceName = keyof typeof RESOURCE_OWNERS;

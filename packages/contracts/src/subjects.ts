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
/** What an event says happened to its entity: a change of the record, or a fact of its own (a stop arrived at). */
export type EventKind = ChangeKind | 'arrived' | 'departed';
export const eventSubject = (root: string, entity: string, event: EventKind) => `${root}.events.${entity}.${event}`;

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
  remittances: 'accounting',
  settlements: 'accounting',
  inspections: 'core',
  accidents: 'core',
  violations: 'core',
  devices: 'telematics',
} as const satisfies Record<string, ServiceName>;
export type ResourceName = keyof typeof RESOURCE_OWNERS;

/**
 * References across services (README, Architecture): the records of svc-core that other services' records may name.
 * svc-core holds each such reference in its registry (`{root}.core.references.*`), so a delete there is refused
 * while anything names the record, and a holder asks there before it writes a reference.
 */
export const REFERENCED_KINDS = ['load', 'customer', 'driver', 'truck'] as const;
export type ReferencedKind = (typeof REFERENCED_KINDS)[number];
export const REFERENCES_RESOURCE = 'references';

/** A record of svc-core that a holder record names. */
export interface NamedRecord {
  kind: ReferencedKind;
  id: string;
}

/** Who names records: `{service}.{resource}` ('accounting.invoices') and the id of one of its records. */
export interface HolderRecord {
  holder: string;
  holderId: string;
}

/** The most records one holder record names: a settlement's driver and up to 1000 loads (SETTLEMENT_LOADS_MAX). */
export const HELD_RECORDS_MAX = 1001;

/** `core.references.hold`: hold `records` for the holder record, all or none; answered with those that do not exist. */
export interface HoldPayload extends HolderRecord {
  records: NamedRecord[];
}
export interface HoldReply {
  missing: NamedRecord[];
}

/** `core.references.release`: the holder record now names exactly `records` (none once deleted); the rest are let go. */
export type ReleasePayload = HoldPayload;

/**
 * `core.references.hold-existing`: holds what existing records name (a holder's start-up pass); records that no
 * longer exist are answered, per holder record, for the holder to report.
 */
export interface HoldExistingPayload {
  holder: string;
  holds: { holderId: string; records: NamedRecord[] }[];
}
export interface HoldExistingReply {
  missing: { holderId: string; record: NamedRecord }[];
}

/** `{holder service}.references.named`: what these records of `resource` name now (an id that is gone is left out). */
export interface NamedByPayload {
  resource: string;
  ids: string[];
}
export type NamedByReply = Record<string, NamedRecord[]>;

/** 'accounting.invoices' → { service: 'accounting', resource: 'invoices' }. */
export function parseHolder(holder: string): { service: ServiceName; resource: string } | undefined {
  const [service, resource] = holder.split('.');
  return (SERVICES as readonly string[]).includes(service) && resource ? { service: service as ServiceName, resource } : undefined;
}

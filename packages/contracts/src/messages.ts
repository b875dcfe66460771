/**
 * Field messages the spec words the same for several entities: each is written here once, and every entity's
 * messages take it from here (a message appears in one source file).
 */
export const SHARED_MESSAGES = {
  name: 'Name is required',
  email: 'Invalid email address',
  phone: 'Phone number is required',
  type: 'Type is required',
  status: 'Status is required',
  assignedTruckNotFound: 'Assigned truck not found',
} as const;

/** What keeps a record from being deleted: `count` records of a kind that point at it ('maintenance record'). */
export interface RecordUse {
  count: number;
  one: string;
  many: string;
}

/**
 * Why a truck or driver whose history other records keep cannot be deleted, naming what uses it:
 * 'This truck has 2 maintenance records and 1 fuel transaction. Its history is kept, so it cannot be deleted.'
 */
export function keptHistoryMessage(entity: string, uses: RecordUse[]): string {
  return `This ${entity} has ${countedList(uses)}. Its history is kept, so it cannot be deleted.`;
}

/** '2 invoices and 1 expense', leaving out the kinds none of which are counted. */
function countedList(uses: RecordUse[]): string {
  const named = uses.filter((use) => use.count > 0).map((use) => `${use.count} ${use.count === 1 ? use.one : use.many}`);
  return named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named.at(-1)}` : named[0];
}

/** What other services' records are called in a refusal, by holder (`{service}.{resource}`, see HolderRecord). */
export const HOLDER_NAMES: Record<string, { one: string; many: string }> = {
  'accounting.invoices': { one: 'invoice', many: 'invoices' },
  'accounting.payments': { one: 'payment', many: 'payments' },
  'accounting.remittances': { one: 'remittance', many: 'remittances' },
  'accounting.expenses': { one: 'expense', many: 'expenses' },
  'accounting.settlements': { one: 'settlement', many: 'settlements' },
  'telematics.devices': { one: 'GPS device', many: 'GPS devices' },
};

/**
 * Why a record that other services' records name cannot be deleted, and what to do:
 * 'This load is named by 2 invoices and 1 expense. Change or delete them first, then delete the load.'
 * Without counts (the database found them, not the check): '... is named by records of other services. ...'
 */
export function namedElsewhereMessage(entity: string, uses: RecordUse[]): string {
  const list = uses.some((use) => use.count > 0) ? countedList(uses) : 'records of other services';
  return `This ${entity} is named by ${list}. Change or delete them first, then delete the ${entity}.`;
}

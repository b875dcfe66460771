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
  const named = uses.filter((use) => use.count > 0).map((use) => `${use.count} ${use.count === 1 ? use.one : use.many}`);
  const list = named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named.at(-1)}` : named[0];
  return `This ${entity} has ${list}. Its history is kept, so it cannot be deleted.`;
}

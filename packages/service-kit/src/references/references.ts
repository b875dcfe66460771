import { invalidInput, type RpcReply } from '@tms/contracts';
import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';

/** A record a payload names in `field`: `id` must be one of `entity`'s, else `message` shows under the field. */
export interface NamedReference {
  field: string;
  entity: EntityTarget<ObjectLiteral>;
  id: string | null | undefined;
  message: string;
}

/**
 * The references of a payload that name no record, refused with a message under each field (400) rather than
 * failing on the foreign key. An empty reference names nothing to look for. For a service's `check`.
 */
export async function refuseMissingReferences(manager: EntityManager, references: NamedReference[]): Promise<RpcReply<never> | undefined> {
  const missing = await Promise.all(references.map(async ({ entity, id }) => (id ? !(await manager.existsBy(entity, { id })) : false)));
  const issues: Record<string, string[]> = {};
  references.forEach(({ field, message }, index) => {
    if (missing[index]) issues[field] = [message];
  });
  return Object.keys(issues).length ? invalidInput(issues) : undefined;
}

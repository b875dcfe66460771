import type { RpcReply } from '@tms/contracts';

/**
 * A refusal found inside a transaction: thrown to roll back what the transaction did, and answered as it is by
 * CrudService's `guard`.
 */
export class Refusal extends Error {
  constructor(readonly reply: RpcReply<never>) {
    super('refused');
  }
}

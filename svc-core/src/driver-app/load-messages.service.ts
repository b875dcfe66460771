import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import {
  fieldIssues,
  invalidInput,
  isRecordId,
  LOAD_MESSAGE_MESSAGES,
  LOAD_THREAD_MAX,
  loadMessageInputSchema,
  loadMessageRecordSchema,
  ok,
  fail,
  type LoadMessage,
  type LoadMessageAuthor,
  type RpcReply,
  type UnreadLoadMessages,
} from '@tms/contracts';
import { CrudService, EVENTS, internalErrorReply, type ChangeContext } from '@tms/service-kit';
import { Repository } from 'typeorm';
import { LoadMessageEntity } from './load-message.entity.js';

const THREAD_COLUMNS = `id, load_id AS "loadId", author, author_name AS "authorName", body, created_at AS at, read_at AS "readAt"`;

/** Who writes a message: the side, the name shown, and the thread's driver. */
export interface MessageAuthor {
  author: LoadMessageAuthor;
  name: string;
}

/**
 * A load's messages (issue 44, point 5), written through the write pipeline once per Idempotency-Key (the phone's
 * outbox sends a message until it is answered), for the driver app and for staff. A message is never edited; only
 * when the other side read it is kept.
 */
@Injectable()
export class LoadMessagesService extends CrudService<LoadMessageEntity, typeof loadMessageRecordSchema> {
  constructor(@InjectRepository(LoadMessageEntity) repository: Repository<LoadMessageEntity>, @Inject(EVENTS) events: ClientProxy) {
    super(repository, events, {
      entity: 'load message',
      schema: loadMessageRecordSchema,
      constraints: { load_messages_load_id_fkey: { field: 'loadId', message: LOAD_MESSAGE_MESSAGES.loadNotFound } },
      order: { createdAt: 'DESC' },
    });
  }

  /** The newest LOAD_THREAD_MAX messages of a load, oldest first. */
  async thread(loadId: unknown): Promise<RpcReply<LoadMessage[]>> {
    if (!isRecordId(loadId)) return fail('not_found', LOAD_MESSAGE_MESSAGES.loadNotFound);
    try {
      const [load] = await this.repository.query(`SELECT 1 FROM core.loads WHERE id = $1`, [loadId]);
      if (!load) return fail('not_found', LOAD_MESSAGE_MESSAGES.loadNotFound);
      return ok(await this.read(loadId));
    } catch (error) {
      return internalErrorReply(error);
    }
  }

  /** The thread as the driver app shows it in the load (the load known to be theirs): dispatch's messages now read. */
  async driverThread(loadId: string): Promise<LoadMessage[]> {
    await this.markRead(loadId, 'dispatch');
    return this.read(loadId);
  }

  /** Writes `payload` ({ body }) on the load as `from`; the load's driver now is the thread's. */
  async post(loadId: unknown, payload: unknown, from: MessageAuthor, context: ChangeContext): Promise<RpcReply<LoadMessage>> {
    if (!isRecordId(loadId)) return fail('not_found', LOAD_MESSAGE_MESSAGES.loadNotFound);
    const input = loadMessageInputSchema.safeParse(payload ?? {});
    if (!input.success) return invalidInput(fieldIssues(input.error));
    try {
      const [load]: { driverId: string | null }[] = await this.repository.query(`SELECT assigned_driver_id AS "driverId" FROM core.loads WHERE id = $1`, [loadId]);
      if (!load) return fail('not_found', LOAD_MESSAGE_MESSAGES.loadNotFound);
      const written = await this.create({ loadId, driverId: load.driverId, author: from.author, authorName: from.name, body: input.data.body }, context);
      if (!written.ok) return written;
      const { id, author, authorName, body, createdAt, readAt } = written.data;
      return ok({ id, loadId, author, authorName, body, at: new Date(createdAt).toISOString(), readAt: readAt && new Date(readAt).toISOString() });
    } catch (error) {
      return internalErrorReply(error);
    }
  }

  /** Dispatch has read the driver's messages on the load: how many were unread. */
  async readByDispatch(loadId: unknown): Promise<RpcReply<{ read: number }>> {
    if (!isRecordId(loadId)) return fail('not_found', LOAD_MESSAGE_MESSAGES.loadNotFound);
    try {
      return ok({ read: await this.markRead(loadId, 'driver') });
    } catch (error) {
      return internalErrorReply(error);
    }
  }

  /** Per load with any: the driver's messages dispatch has not read. */
  async unread(): Promise<RpcReply<UnreadLoadMessages>> {
    try {
      return ok(
        await this.repository.query(
          `SELECT load_id AS "loadId", count(*)::int AS count FROM core.load_messages WHERE author = 'driver' AND read_at IS NULL GROUP BY load_id`,
        ),
      );
    } catch (error) {
      return internalErrorReply(error);
    }
  }

  private async read(loadId: string): Promise<LoadMessage[]> {
    const rows: (Omit<LoadMessage, 'at' | 'readAt'> & { at: Date; readAt: Date | null })[] = await this.repository.query(
      `SELECT * FROM (SELECT ${THREAD_COLUMNS} FROM core.load_messages WHERE load_id = $1 ORDER BY created_at DESC, id DESC LIMIT ${LOAD_THREAD_MAX}) newest
       ORDER BY at, id`,
      [loadId],
    );
    return rows.map((row) => ({ ...row, at: row.at.toISOString(), readAt: row.readAt && row.readAt.toISOString() }));
  }

  /** The messages `author` wrote on the load, read now by the other side: how many were not read before. */
  private async markRead(loadId: string, author: LoadMessageAuthor): Promise<number> {
    const [, count]: [unknown, number] = await this.repository.query(
      `UPDATE core.load_messages SET read_at = now() WHERE load_id = $1 AND author = $2 AND read_at IS NULL`,
      [loadId, author],
    );
    return count;
  }
}

import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import { DRIVER_APP_MESSAGES, DRIVER_TOKEN_BYTES, driverPairingRecordSchema, fail, ok, PAIRING_LINK_MINUTES, type Actor, type PairingCode, type RpcReply } from '@tms/contracts';
import { CrudService, EVENTS, Refusal, type Change, type ChangeContext } from '@tms/service-kit';
import { Repository, type EntityManager } from 'typeorm';
import { DriverEntity } from '../drivers/driver.entity.js';
import { DriverPairingEntity } from './driver-pairing.entity.js';

export const DRIVER_PAIRINGS_RESOURCE = 'driver-pairings';

/** A link code or a phone token: DRIVER_TOKEN_BYTES random bytes (256 bits), URL-safe. */
const newSecret = () => randomBytes(DRIVER_TOKEN_BYTES).toString('base64url');
/** What is kept of a secret: its SHA-256 (the secrets are random, so no salt or slow hash is needed). */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** A pairing as its write answers it: the new link's code, or the phone's token, once, beside the record. */
type Answered = DriverPairingEntity & { code?: string; token?: string };

/** The driver a phone token is paired to. */
export interface PairedDriver {
  driverId: string;
  driverName: string;
  actor: Actor;
}

/**
 * A driver's pairing with a phone (issue 44), one row per driver written through the pipeline (audited without its
 * secrets, which are kept hashed beside it, in core.driver_pairing_secrets, by the effects):
 *   a new link    sets linkExpiresAt: a new code, answered once; a phone already paired stays so until it is used
 *   pairing       sets pairedAt: the link's code is spent and a new phone token answered once (the phone before loses it)
 *   unpairing     deletes the row, and its secrets with it: the phone is refused at once
 */
@Injectable()
export class DriverPairingsService extends CrudService<DriverPairingEntity, typeof driverPairingRecordSchema> {
  constructor(
    @InjectRepository(DriverPairingEntity) repository: Repository<DriverPairingEntity>,
    @Inject(EVENTS) events: ClientProxy,
  ) {
    super(repository, events, {
      entity: 'driver pairing',
      schema: driverPairingRecordSchema,
      constraints: { driver_pairings_driver_id_fkey: { field: 'driverId', message: 'Driver not found' } },
      order: { createdAt: 'DESC' },
      // A link taken twice at once: the second waits for the first, then finds the code spent.
      lock: 'row',
    });
  }

  /** A new pairing link for the driver (POST /api/drivers/{id}/pairing). */
  async link(driverId: unknown, context: ChangeContext): Promise<RpcReply<PairingCode>> {
    const driver = await this.driverOf(driverId);
    if (!driver) return fail('not_found', 'Driver not found');
    const linkExpiresAt = new Date(Date.now() + PAIRING_LINK_MINUTES * 60_000);
    const existing = await this.repository.findOneBy({ driverId: driver.id });
    const reply = existing ? await this.update(existing.id, { linkExpiresAt }, context) : await this.create({ driverId: driver.id, linkExpiresAt }, context);
    if (!reply.ok) return reply;
    return ok({ code: (reply.data as Answered).code!, expiresAt: linkExpiresAt.toISOString() });
  }

  /** Ends the driver's pairing at once (DELETE /api/drivers/{id}/pairing); none is no error. */
  async unpair(driverId: unknown, context: ChangeContext): Promise<RpcReply<{ unpaired: boolean }>> {
    const driver = await this.driverOf(driverId);
    if (!driver) return fail('not_found', 'Driver not found');
    const existing = await this.repository.findOneBy({ driverId: driver.id });
    if (!existing) return ok({ unpaired: false });
    const reply = await this.delete(existing.id, context);
    return reply.ok || reply.error.code === 'not_found' ? ok({ unpaired: reply.ok }) : reply;
  }

  /** A phone opens its link: a token for the phone, or the link's expiry message when it is spent or too old. */
  async pair(code: string): Promise<RpcReply<{ token: string; driverName: string }>> {
    const expired = fail('not_found', DRIVER_APP_MESSAGES.linkExpired);
    const [found]: { id: string; driverId: string; name: string; email: string }[] = await this.repository.query(
      `SELECT p.id, p.driver_id AS "driverId", d.name, d.email FROM core.driver_pairing_secrets s
       JOIN core.driver_pairings p ON p.id = s.pairing_id JOIN core.drivers d ON d.id = p.driver_id
       WHERE s.link_hash = $1 AND p.link_expires_at > now()`,
      [hashSecret(code)],
    );
    if (!found) return expired;
    const reply = await this.update(found.id, { pairedAt: new Date() }, { resource: DRIVER_PAIRINGS_RESOURCE, actor: { id: found.driverId, email: found.email } });
    if (!reply.ok) return reply.error.code === 'not_found' ? expired : reply;
    return ok({ token: (reply.data as Answered).token!, driverName: found.name });
  }

  /** The driver a phone token (by its hash) is paired to, if it still is. */
  async pairedDriver(tokenHash: unknown): Promise<PairedDriver | undefined> {
    if (typeof tokenHash !== 'string' || !/^[0-9a-f]{64}$/.test(tokenHash)) return undefined;
    const [found]: { driverId: string; name: string; email: string }[] = await this.repository.query(
      `SELECT d.id AS "driverId", d.name, d.email FROM core.driver_pairing_secrets s
       JOIN core.driver_pairings p ON p.id = s.pairing_id JOIN core.drivers d ON d.id = p.driver_id
       WHERE s.token_hash = $1`,
      [tokenHash],
    );
    return found && { driverId: found.driverId, driverName: found.name, actor: { id: found.driverId, email: found.email } };
  }

  /** The secrets follow the write: a new link's code, or a phone's token (spending the code), answered once. */
  protected override async effects(manager: EntityManager, change: Change<DriverPairingEntity>) {
    if (change.kind === 'delete') return;
    if ('linkExpiresAt' in change.fields) {
      const code = newSecret();
      await manager.query(
        `INSERT INTO core.driver_pairing_secrets (pairing_id, link_hash) VALUES ($1, $2)
         ON CONFLICT (pairing_id) DO UPDATE SET link_hash = EXCLUDED.link_hash`,
        [change.record.id, hashSecret(code)],
      );
      return { answer: { ...change.record, code } as Answered };
    }
    if (change.fields.pairedAt) {
      const token = newSecret();
      const [rows]: [unknown[], number] = await manager.query(
        `UPDATE core.driver_pairing_secrets SET token_hash = $2, link_hash = NULL WHERE pairing_id = $1 AND link_hash IS NOT NULL RETURNING pairing_id`,
        [change.record.id, hashSecret(token)],
      );
      if (!rows.length) throw new Refusal(fail('not_found', DRIVER_APP_MESSAGES.linkExpired));
      return { answer: { ...change.record, token } as Answered };
    }
  }

  private async driverOf(driverId: unknown) {
    if (typeof driverId !== 'string' || !/^[0-9a-f-]{36}$/i.test(driverId)) return undefined;
    return (await this.repository.manager.findOneBy(DriverEntity, { id: driverId })) ?? undefined;
  }
}

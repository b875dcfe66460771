import { once } from 'node:events';
import { HttpException, Inject, Injectable } from '@nestjs/common';
import {
  IMPORT_ACTION,
  IMPORT_CONTENT_TYPES,
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  IMPORT_UPLOAD_TTL_MS,
  importUploadBucket,
  FACTORING_REPORTS_PATH,
  FUEL_IMPORT_PATH,
  rpcSubject,
  type Actor,
  type ImportPayload,
  type ImportResult,
  type ServiceName,
} from '@tms/contracts';
import { UploadStore } from '@tms/service-kit';
import type { Request } from 'express';
import { BodyRefused, readBody } from '../http/request-body.js';
import { requestIdOf, RequestLogger } from '../http/request-ids.js';
import { NATS_CONNECTION, type GatewayNats } from '../nats/nats.module.js';
import { serviceUnavailableMessage } from '../services/rpc-errors.js';
import { ServiceClient } from '../services/service-client.js';

/**
 * How long an import may take its owner: reading, checking and (not in a dry run) writing up to IMPORT_MAX_ROWS rows
 * with their audit trail in one transaction, far longer than a row's write (SERVICE_TIMEOUT_MS).
 */
const IMPORT_TIMEOUT_MS = 60_000;

/** Whether a request is a CSV import (POST /api/{resource}/import), whose body this route reads itself. */
export const isCsvImport = (req: Request) => req.method === 'POST' && CSV_UPLOAD_PATHS.some((path) => path.test(req.originalUrl.split('?')[0]));
/**
 * The routes a CSV arrives at as the body: a resource's import, a factor's report (issue 45) and a fuel card statement
 * (issue 48), read as an import is.
 */
const CSV_UPLOAD_PATHS = [/^\/api\/[^/]+\/import$/, new RegExp(`^/api/${FACTORING_REPORTS_PATH}$`), new RegExp(`^/api/${FUEL_IMPORT_PATH}$`)];

/**
 * POST /api/{resource}/import: the CSV body (at most IMPORT_MAX_BYTES: larger is a 413) goes to a JetStream upload
 * bucket, as a document does, and the owner is asked by the object's name. The file is not parsed here: the owner
 * must read every row in its one transaction anyway, and a 20 MB file would not fit the NATS messages that rows sent
 * in pieces would take (nor could pieces that any replica may receive share a transaction).
 */
@Injectable()
export class CsvImport {
  private readonly logger = new RequestLogger(CsvImport.name);
  private readonly uploads: UploadStore;

  constructor(
    private readonly services: ServiceClient,
    @Inject(NATS_CONNECTION) nats: GatewayNats,
  ) {
    this.uploads = new UploadStore(importUploadBucket(services.subjectRoot), IMPORT_UPLOAD_TTL_MS, nats.connection());
  }

  run(owner: ServiceName, resource: string, dryRun: string | undefined, skipInvalid: boolean, req: Request, actor: Actor): Promise<ImportResult> {
    return this.send<ImportResult>(owner, rpcSubject(this.services.subjectRoot, owner, resource, IMPORT_ACTION), dryRun, { skipInvalid }, req, actor);
  }

  /** Puts the uploaded CSV in the bucket and asks `subject` of `owner` with its object's name, `dryRun` and `more`. */
  async send<T>(owner: ServiceName, subject: string, dryRun: string | undefined, more: Record<string, unknown>, req: Request, actor: Actor): Promise<T> {
    if (dryRun !== 'true' && dryRun !== 'false') throw new HttpException({ message: IMPORT_MESSAGES.dryRun, issues: { dryRun: [IMPORT_MESSAGES.dryRun] } }, 400);
    const data = await this.readCsv(req);
    let object: string;
    try {
      object = await this.uploads.put(data, 'text/csv');
    } catch (error) {
      this.logger.warn(req.res, `The upload could not be stored in JetStream: ${error instanceof Error ? error.message : String(error)}`);
      throw new HttpException({ message: serviceUnavailableMessage(owner) }, 503);
    }
    const payload: ImportPayload = { object, dryRun: dryRun === 'true' };
    try {
      return await this.services.call<T>(owner, subject, { ...more, ...payload }, {
        timeoutMs: IMPORT_TIMEOUT_MS,
        actor,
        requestId: req.res && requestIdOf(req.res),
      });
    } catch (error) {
      // The owner takes (reads and deletes) the object; when it did not answer, the object must not wait for its TTL.
      void this.uploads.remove(object);
      throw error;
    }
  }

  /** The body's bytes: a CSV content type (415 otherwise) of at most IMPORT_MAX_BYTES (413, once it is all read). */
  private async readCsv(req: Request): Promise<Uint8Array> {
    // /api's JSON parser leaves this route's body to it (pipeline.ts); a body read already could not be read again.
    if (!req.is([...IMPORT_CONTENT_TYPES]) || req.readableEnded) {
      throw new HttpException({ message: IMPORT_MESSAGES.contentType }, 415);
    }
    try {
      return await readBody(req, IMPORT_MAX_BYTES);
    } catch (error) {
      if (!(error instanceof BodyRefused) || error.status !== 413) throw error;
      // Read the rest of the upload before answering: a client still sending would see a reset connection, not the 413.
      if (!req.readableEnded) await Promise.race([once(req, 'end'), once(req, 'error'), once(req, 'close')]).catch(() => undefined);
      throw new HttpException({ message: IMPORT_MESSAGES.tooLarge }, 413);
    }
  }
}

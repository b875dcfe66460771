import { Body, Controller, Delete, Get, Headers, HttpCode, HttpException, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import { csvFileName, IDEMPOTENCY_KEY_HEADER, INVALID_INPUT, isPlainListQuery, readListQuery, IMPORT_MESSAGES, isImportable, RESOURCE_OWNERS, RESOURCE_SCHEMAS, rpcSubject, type Actor, type CrudAction, type ImportResult, type ServiceName } from '@tms/contracts';
import type { Request, Response } from 'express';
import { SignedIn } from '../auth/signed-in.decorator.js';
import { checkedIdempotencyKey } from '../http/idempotency-key.js';
import { RequestId } from '../http/request-ids.js';
import { ServiceClient, type CallOptions } from '../services/service-client.js';
import { CsvImport } from './csv-import.js';
import { streamCsv, streamList } from './list-stream.js';

/** The service that owns `/api/{resource}`, or undefined for a resource nobody owns. */
export function ownerOf(resource: string): ServiceName | undefined {
  return Object.hasOwn(RESOURCE_OWNERS, resource) ? RESOURCE_OWNERS[resource as keyof typeof RESOURCE_OWNERS] : undefined;
}

/** The header of an empty list's CSV: the id and the fields a record is made of. */
const emptyListHeader = (resource: string) =>
  Object.hasOwn(RESOURCE_SCHEMAS, resource) ? ['id', ...Object.keys(RESOURCE_SCHEMAS[resource as keyof typeof RESOURCE_SCHEMAS].shape)] : ['id'];

/**
 * CRUD for every resource in RESOURCE_OWNERS, forwarded over NATS to its owner as
 * `{root}.{owner}.{resource}.{action}`. One controller for all: a new domain's resource is reachable once
 * it is listed in packages/contracts. Registered last (ROUTES in app.module.ts), so that named /api routes win over
 * `:resource`.
 */
@Controller('api')
export class ResourcesController {
  constructor(
    private readonly services: ServiceClient,
    private readonly csvImport: CsvImport,
  ) {}

  /**
   * The whole list as one JSON array, streamed from the owner's pages; with `?format=csv`, as a CSV download named
   * '<resource>-<YYYY-MM-DD>.csv' (UTC day), streamed the same way. `sort`, `order` and the list's filters
   * (contracts' list-query.ts) are the owner's to apply: a filtered, sorted list streams as the whole one does.
   */
  @Get(':resource')
  async list(@Param('resource') resource: string, @Query() params: Record<string, unknown>, @Res() res: Response, @RequestId() requestId?: string): Promise<void> {
    const format = params.format;
    if (!ownerOf(resource)) throw new HttpException({ message: 'Not found' }, 404);
    const asked = readListQuery(resource, params);
    if (!asked.ok) throw new HttpException({ message: INVALID_INPUT, issues: asked.issues }, 400);
    const query = isPlainListQuery(asked.query) ? undefined : asked.query;
    const read = (after?: string) => this.forward(resource, 'list', { ...(after && { after }), ...(query && { query }) }, { requestId });
    if (format === undefined || format === 'json') return streamList(read, res);
    if (format !== 'csv') throw new HttpException({ message: "format must be 'json' or 'csv'", issues: { format: ["format must be 'json' or 'csv'"] } }, 400);
    await streamCsv(read, res, csvFileName(resource, new Date().toISOString().slice(0, 10)), emptyListHeader(resource));
  }

  /**
   * Imports a CSV (the body, text/csv) into trucks, drivers, customers or loads: `?dryRun=true` checks every row and
   * changes nothing, `?dryRun=false` applies them all in one transaction, or nothing when a row is wrong, unless
   * `&skipInvalid=true` (issue 47's 'Import the good rows'): then the good rows, and the bad ones are left out.
   */
  @Post(':resource/import')
  @HttpCode(200)
  import(
    @Param('resource') resource: string,
    @Query('dryRun') dryRun: string | undefined,
    @Query('skipInvalid') skipInvalid: string | undefined,
    @Req() req: Request,
    @SignedIn() actor: Actor,
  ): Promise<ImportResult> {
    const owner = ownerOf(resource);
    if (!owner || !isImportable(resource)) throw new HttpException({ message: 'Not found' }, 404);
    if (skipInvalid !== undefined && skipInvalid !== 'true' && skipInvalid !== 'false') {
      throw new HttpException({ message: IMPORT_MESSAGES.skipInvalid, issues: { skipInvalid: [IMPORT_MESSAGES.skipInvalid] } }, 400);
    }
    return this.csvImport.run(owner, resource, dryRun, skipInvalid === 'true', req, actor);
  }

  @Get(':resource/:id')
  get(@Param('resource') resource: string, @Param('id') id: string, @RequestId() requestId?: string) {
    return this.forward(resource, 'get', { id }, { requestId });
  }

  @Post(':resource')
  @HttpCode(201)
  create(
    @Param('resource') resource: string,
    @Body() body: unknown,
    @SignedIn() actor: Actor,
    @Headers(IDEMPOTENCY_KEY_HEADER) key: string | undefined,
    @RequestId() requestId?: string,
  ) {
    const idempotencyKey = checkedIdempotencyKey(key);
    return this.forward(resource, 'create', body ?? {}, { actor, idempotencyKey, requestId });
  }

  @Patch(':resource/:id')
  update(@Param('resource') resource: string, @Param('id') id: string, @Body() body: unknown, @SignedIn() actor: Actor, @RequestId() requestId?: string) {
    return this.forward(resource, 'update', { id, changes: body ?? {} }, { actor, requestId });
  }

  @Delete(':resource/:id')
  @HttpCode(204)
  async remove(@Param('resource') resource: string, @Param('id') id: string, @SignedIn() actor: Actor, @RequestId() requestId?: string): Promise<void> {
    await this.forward(resource, 'delete', { id }, { actor, requestId });
  }

  /** Asks the owner; a change carries who makes it (the owner records it in its audit trail). */
  private async forward<T = unknown>(resource: string, action: CrudAction, payload: unknown, options: CallOptions): Promise<T> {
    const owner = ownerOf(resource);
    if (!owner) throw new HttpException({ message: 'Not found' }, 404);
    return this.services.call<T>(owner, rpcSubject(this.services.subjectRoot, owner, resource, action), payload, options);
  }
}

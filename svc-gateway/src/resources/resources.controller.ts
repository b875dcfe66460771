import { Body, Controller, Delete, Get, HttpCode, HttpException, Param, Patch, Post, Res } from '@nestjs/common';
import { RESOURCE_OWNERS, rpcSubject, type Actor, type CrudAction, type ServiceName } from '@tms/contracts';
import type { Response } from 'express';
import { SignedIn } from '../auth/signed-in.decorator.js';
import { ServiceClient } from '../services/service-client.js';
import { streamList } from './list-stream.js';

/** The service that owns `/api/{resource}`, or undefined for a resource nobody owns. */
export function ownerOf(resource: string): ServiceName | undefined {
  return Object.hasOwn(RESOURCE_OWNERS, resource) ? RESOURCE_OWNERS[resource as keyof typeof RESOURCE_OWNERS] : undefined;
}

/**
 * CRUD for every resource in RESOURCE_OWNERS, forwarded over NATS to its owner as
 * `{root}.{owner}.{resource}.{action}`. One controller for all: a new domain's resource is reachable once
 * it is listed in packages/contracts. Registered last (ROUTES in app.module.ts), so that named /api routes win over
 * `:resource`.
 */
@Controller('api')
export class ResourcesController {
  constructor(private readonly services: ServiceClient) {}

  /** The whole list as one JSON array, streamed from the owner's pages. */
  @Get(':resource')
  async list(@Param('resource') resource: string, @Res() res: Response): Promise<void> {
    await streamList((after) => this.forward(resource, 'list', after ? { after } : {}), res);
  }

  @Get(':resource/:id')
  get(@Param('resource') resource: string, @Param('id') id: string) {
    return this.forward(resource, 'get', { id });
  }

  @Post(':resource')
  @HttpCode(201)
  create(@Param('resource') resource: string, @Body() body: unknown, @SignedIn() actor: Actor) {
    return this.forward(resource, 'create', body ?? {}, actor);
  }

  @Patch(':resource/:id')
  update(@Param('resource') resource: string, @Param('id') id: string, @Body() body: unknown, @SignedIn() actor: Actor) {
    return this.forward(resource, 'update', { id, changes: body ?? {} }, actor);
  }

  @Delete(':resource/:id')
  @HttpCode(204)
  async remove(@Param('resource') resource: string, @Param('id') id: string, @SignedIn() actor: Actor): Promise<void> {
    await this.forward(resource, 'delete', { id }, actor);
  }

  /** Asks the owner; a change carries who makes it (the owner records it in its audit trail). */
  private async forward<T = unknown>(resource: string, action: CrudAction, payload: unknown, actor?: Actor): Promise<T> {
    const owner = ownerOf(resource);
    if (!owner) throw new HttpException({ message: 'Not found' }, 404);
    return this.services.call<T>(owner, rpcSubject(this.services.subjectRoot, owner, resource, action), payload, { actor });
  }
}

import { Body, Controller, Delete, Get, Headers, HttpCode, HttpException, Param, Patch, Post, Put } from '@nestjs/common';
import {
  CHARGE_TERMS_PATH,
  CHARGE_TERMS_RESOURCE,
  CHARGES_RESOURCE,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_MESSAGES,
  idempotencyKeyOf,
  rpcSubject,
  type Actor,
  type Charge,
  type ChargeTerms,
  type ChargeWritePayload,
  type LoadChargeTerms,
} from '@tms/contracts';
import { SignedIn } from '../auth/signed-in.decorator.js';
import { checkedIdempotencyKey } from '../http/idempotency-key.js';
import { RequestId } from '../http/request-ids.js';
import { ServiceClient } from '../services/service-client.js';

/**
 * What the carrier is owed beyond the rate (issue 43), kept by svc-core: a load's charge lines, the company's
 * charge terms and the terms that apply to a load. Each asks svc-core once; a change carries who makes it.
 */
@Controller('api')
export class ChargesController {
  constructor(private readonly services: ServiceClient) {}

  @Get('loads/:id/charges')
  list(@Param('id') loadId: string, @RequestId() requestId?: string): Promise<Charge[]> {
    return this.call('charges', 'list', { loadId }, { requestId });
  }

  @Post('loads/:id/charges')
  @HttpCode(201)
  create(@Param('id') loadId: string, @Body() body: unknown, @SignedIn() actor: Actor, @Headers(IDEMPOTENCY_KEY_HEADER) key: string | undefined, @RequestId() requestId?: string): Promise<Charge> {
    const idempotencyKey = checkedIdempotencyKey(key);
    const payload: ChargeWritePayload = { loadId, changes: body ?? {} };
    return this.call('charges', 'create', payload, { actor, idempotencyKey, requestId });
  }

  @Patch('loads/:id/charges/:chargeId')
  update(@Param('id') loadId: string, @Param('chargeId') chargeId: string, @Body() body: unknown, @SignedIn() actor: Actor, @RequestId() requestId?: string): Promise<Charge> {
    const payload: ChargeWritePayload = { loadId, chargeId, changes: body ?? {} };
    return this.call('charges', 'update', payload, { actor, requestId });
  }

  @Delete('loads/:id/charges/:chargeId')
  @HttpCode(204)
  async remove(@Param('id') loadId: string, @Param('chargeId') chargeId: string, @SignedIn() actor: Actor, @RequestId() requestId?: string): Promise<void> {
    await this.call('charges', 'delete', { loadId, chargeId } satisfies ChargeWritePayload, { actor, requestId });
  }

  @Get(`loads/:id/${CHARGE_TERMS_PATH}`)
  termsForLoad(@Param('id') loadId: string, @RequestId() requestId?: string): Promise<LoadChargeTerms> {
    return this.call('terms', 'for-load', { loadId }, { requestId });
  }

  @Get(CHARGE_TERMS_PATH)
  terms(@RequestId() requestId?: string): Promise<ChargeTerms> {
    return this.call('terms', 'get', {}, { requestId });
  }

  @Put(CHARGE_TERMS_PATH)
  saveTerms(@Body() body: unknown, @SignedIn() actor: Actor, @RequestId() requestId?: string): Promise<ChargeTerms> {
    return this.call('terms', 'put', body ?? {}, { actor, requestId });
  }

  private call<T>(what: 'charges' | 'terms', action: string, payload: unknown, options: Parameters<ServiceClient['call']>[3]): Promise<T> {
    const resource = what === 'charges' ? CHARGES_RESOURCE : CHARGE_TERMS_RESOURCE;
    return this.services.call<T>('core', rpcSubject(this.services.subjectRoot, 'core', resource, action), payload, options);
  }
}

import { Body, Controller, Get, Headers, HttpCode, HttpException, Param, Post } from '@nestjs/common';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_MESSAGES,
  idempotencyKeyOf,
  LOAD_MESSAGE_ACTIONS,
  LOAD_MESSAGES_RESOURCE,
  LOAD_MESSAGES_UNREAD_PATH,
  rpcSubject,
  type Actor,
  type LoadMessage,
  type UnreadLoadMessages,
} from '@tms/contracts';
import { SignedIn } from '../auth/signed-in.decorator.js';
import { checkedIdempotencyKey } from '../http/idempotency-key.js';
import { RequestId } from '../http/request-ids.js';
import { ServiceClient } from '../services/service-client.js';

/** A load's messages with its driver (issue 44, point 5), as staff read and write them; svc-core keeps them. */
@Controller('api')
export class LoadMessagesController {
  constructor(private readonly services: ServiceClient) {}

  @Get(LOAD_MESSAGES_UNREAD_PATH)
  unread(@RequestId() requestId?: string): Promise<UnreadLoadMessages> {
    return this.call(LOAD_MESSAGE_ACTIONS.unread, {}, { requestId });
  }

  @Get('loads/:id/messages')
  thread(@Param('id') loadId: string, @RequestId() requestId?: string): Promise<LoadMessage[]> {
    return this.call(LOAD_MESSAGE_ACTIONS.thread, { loadId }, { requestId });
  }

  @Post('loads/:id/messages')
  @HttpCode(201)
  send(@Param('id') loadId: string, @Body() body: unknown, @SignedIn() actor: Actor, @Headers(IDEMPOTENCY_KEY_HEADER) key: string | undefined, @RequestId() requestId?: string): Promise<LoadMessage> {
    const idempotencyKey = checkedIdempotencyKey(key);
    return this.call(LOAD_MESSAGE_ACTIONS.send, { loadId, body: (body as { body?: unknown } | undefined)?.body }, { actor, idempotencyKey, requestId });
  }

  @Post('loads/:id/messages/read')
  @HttpCode(200)
  read(@Param('id') loadId: string, @RequestId() requestId?: string): Promise<{ read: number }> {
    return this.call(LOAD_MESSAGE_ACTIONS.read, { loadId }, { requestId });
  }

  private call<T>(action: string, payload: unknown, options: Parameters<ServiceClient['call']>[3]): Promise<T> {
    return this.services.call<T>('core', rpcSubject(this.services.subjectRoot, 'core', LOAD_MESSAGES_RESOURCE, action), payload, options);
  }
}

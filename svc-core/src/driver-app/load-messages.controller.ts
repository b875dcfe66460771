import { Controller, UseInterceptors } from '@nestjs/common';
import { Ctx, MessagePattern, Payload, type NatsContext } from '@nestjs/microservices';
import { LOAD_MESSAGE_ACTIONS, LOAD_MESSAGES_RESOURCE, rpcSubject } from '@tms/contracts';
import { actorOf, config, DeadlineInterceptor, idempotencyKeyFrom } from '@tms/service-kit';
import { LoadMessagesService } from './load-messages.service.js';

const subject = (action: string) => rpcSubject(config.subjectRoot, 'core', LOAD_MESSAGES_RESOURCE, action);

/** `{root}.core.load-messages.{thread|send|read|unread}`: a load's messages as staff read and write them. */
@Controller()
@UseInterceptors(DeadlineInterceptor)
export class LoadMessagesController {
  constructor(private readonly messages: LoadMessagesService) {}

  @MessagePattern(subject(LOAD_MESSAGE_ACTIONS.thread))
  thread(@Payload() payload: { loadId?: unknown }) {
    return this.messages.thread(payload?.loadId);
  }

  @MessagePattern(subject(LOAD_MESSAGE_ACTIONS.send))
  send(@Payload() payload: { loadId?: unknown; body?: unknown }, @Ctx() context: NatsContext) {
    const actor = actorOf(context);
    return this.messages.post(
      payload?.loadId,
      { body: payload?.body },
      { author: 'dispatch', name: actor?.email ?? 'Dispatch' },
      { resource: LOAD_MESSAGES_RESOURCE, actor, idempotencyKey: idempotencyKeyFrom(context) },
    );
  }

  @MessagePattern(subject(LOAD_MESSAGE_ACTIONS.read))
  read(@Payload() payload: { loadId?: unknown }) {
    return this.messages.readByDispatch(payload?.loadId);
  }

  @MessagePattern(subject(LOAD_MESSAGE_ACTIONS.unread))
  unread() {
    return this.messages.unread();
  }
}

import { connect, type Msg, type NatsConnection } from '@nats-io/transport-node';
import { config, DeliverableReplySerializer } from '@tms/service-kit';

const serializer = new DeliverableReplySerializer();

export interface Received {
  subject: string;
  data: unknown;
}

/**
 * A stand-in service on the real NATS, on the test's own subject root: it answers what `answer` says
 * (an RpcReply, or `undefined` to stay silent), packed as a service packs it. The gateway's packets are Nest's
 * `{ pattern, data, id }`.
 */
export class Responder {
  readonly received: Received[] = [];
  private constructor(private readonly connection: NatsConnection) {}

  static async start(subjects: string[], answer: (subject: string, data: unknown) => unknown): Promise<Responder> {
    const connection = await connect({ servers: config.natsUrl });
    const responder = new Responder(connection);
    for (const subject of subjects) {
      connection.subscribe(subject, {
        callback: (error, msg: Msg) => {
          if (error) return;
          const packet = msg.json<{ id?: string; data?: unknown }>();
          responder.received.push({ subject: msg.subject, data: packet.data });
          const reply = answer(msg.subject, packet.data);
          if (reply === undefined) return;
          // Packed as a service packs its replies (list pages travel bare).
          const { data, headers } = serializer.serialize({ id: packet.id, isDisposed: true, response: reply });
          msg.respond(data, { headers });
        },
      });
    }
    await connection.flush();
    return responder;
  }

  async stop() {
    await this.connection.drain();
  }
}

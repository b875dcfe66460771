import type { Msg } from '@nats-io/transport-node';
import { DeliverableReplySerializer, natsLimits, ServiceReplyDeserializer } from './reply-serializer.js';

describe('DeliverableReplySerializer', () => {
  const serializer = new DeliverableReplySerializer();

  it('passes a reply that NATS can carry as it is', () => {
    const packet = { id: '7', isDisposed: true, response: { ok: true, data: { name: 'T-1' } } };
    expect(JSON.parse(serializer.serialize(packet).data)).toEqual(packet);
  });

  it('answers the same request with an undeliverable error when the reply is over max_payload', () => {
    const packet = { id: '8', isDisposed: true, response: { ok: true, data: 'x'.repeat(natsLimits.maxPayload) } };
    const sent = serializer.serialize(packet).data;
    expect(Buffer.byteLength(sent)).toBeLessThan(1000);
    expect(JSON.parse(sent)).toEqual({
      id: '8',
      isDisposed: true,
      response: { ok: false, error: { code: 'undeliverable', message: 'The answer is too large to send' } },
    });
  });
});

describe('list pages on the wire', () => {
  const serializer = new DeliverableReplySerializer();
  const deserializer = new ServiceReplyDeserializer();
  const asMessage = ({ data, headers }: ReturnType<DeliverableReplySerializer['serialize']>) =>
    ({ data: typeof data === 'string' ? Buffer.from(data) : data, headers, json: () => JSON.parse(String(data)) }) as unknown as Msg;

  it('sends a page as its bare rows with its cursor in a header, and reads it back as the reply it was', async () => {
    const rows = Buffer.from('[{"truckNumber":"T-\\"1\\""},{"truckNumber":"Ü-2"}]');
    const sent = serializer.serialize({ id: '9', isDisposed: true, response: { ok: true, data: { rows, next: 'cursor-2' } } });
    expect(Buffer.from(sent.data as Uint8Array).equals(rows)).toBe(true); // not escaped into an envelope
    const read = await deserializer.deserialize(asMessage(sent));
    expect(read).toEqual({ id: '9', isDisposed: true, response: { ok: true, data: { rows, next: 'cursor-2' } } });

    const last = serializer.serialize({ id: '10', isDisposed: true, response: { ok: true, data: { rows: Buffer.from('[]'), next: null } } });
    expect(await deserializer.deserialize(asMessage(last))).toMatchObject({ response: { ok: true, data: { next: null } } });
  });

  it('reads every other reply from its JSON envelope', async () => {
    const packet = { id: '11', isDisposed: true, response: { ok: false, error: { code: 'invalid', message: 'Invalid list cursor' } } };
    expect(await deserializer.deserialize(asMessage(serializer.serialize(packet)))).toEqual(packet);
  });

  it('answers undeliverable for a page over max_payload', () => {
    const rows = Buffer.alloc(natsLimits.maxPayload, 0x20);
    const sent = serializer.serialize({ id: '12', isDisposed: true, response: { ok: true, data: { rows, next: null } } });
    expect(JSON.parse(sent.data as string)).toMatchObject({ response: { ok: false, error: { code: 'undeliverable' } } });
  });
});

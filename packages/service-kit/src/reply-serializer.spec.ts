import { DeliverableReplySerializer, natsLimits } from './reply-serializer.js';

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

import { BUSY_RETRY_AFTER_SECONDS, SOMETHING_WENT_WRONG, type RpcError, type ServiceName } from '@tms/contracts';
import type { HttpAnswer } from '../http/http-errors.js';
import { REQUEST_TOO_LARGE } from '../http/request-body.js';

export const serviceUnavailableMessage = (service: ServiceName) =>
  `The ${service} service is not available. Please try again shortly.`;

/** A service that did not answer in time, had no responder, or could not be reached over NATS. */
export const serviceUnavailable = (service: ServiceName): HttpAnswer => ({
  status: 503,
  body: { message: serviceUnavailableMessage(service) },
});

/** A request the gateway could not send to its service: too large for a NATS message, or not serializable. */
export const requestNotSendable = (detail: string): HttpAnswer =>
  /max_payload/.test(detail)
    ? { status: 413, body: { message: REQUEST_TOO_LARGE } }
    : { status: 400, body: { message: 'The request could not be sent to the service.' } };

/**
 * The one place a service's error code becomes HTTP. The switch is exhaustive: a new RpcErrorCode in
 * packages/contracts does not compile until it is mapped here.
 */
export function httpAnswerFor(error: RpcError, service: ServiceName): HttpAnswer {
  const code = error.code;
  switch (code) {
    case 'invalid':
      return { status: 400, body: { message: error.message, issues: error.issues ?? {} } };
    case 'not_found':
      return { status: 404, body: { message: error.message } };
    case 'conflict':
      return { status: 409, body: { message: error.message, issues: error.issues ?? {} } };
    case 'unavailable':
      return { status: 503, body: { message: error.message || serviceUnavailableMessage(service) } };
    case 'busy':
      return { status: 503, body: { message: error.message || serviceUnavailableMessage(service) }, retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS };
    case 'undeliverable':
      return { status: 502, body: { message: `The ${service} service's answer is too large to send.` } };
    case 'internal':
      return { status: 500, body: { message: SOMETHING_WENT_WRONG } };
    default: {
      const unmapped: never = code;
      throw new Error(`Unmapped RPC error code: ${String(unmapped)}`);
    }
  }
}

/** What the API benchmarks share: signing in as a browser would, and one autocannon scenario printed as a line. */
import autocannon from 'autocannon';

export { signIn } from '../scripts/sign-in.mjs';

/**
 * Runs one scenario and prints its figures. `body`, when given, makes each request's body (a fresh one each time);
 * the first failed answer is printed, so a failing scenario says why. `warmupSeconds` of the same load first, not
 * counted: the servers' code paths compiled and their pools open, as in a system that has been up a while.
 */
export function measure(title, { url, method = 'GET', headers, body, connections = 10, seconds = 10, warmupSeconds = 0 }) {
  let firstFailure;
  const request = {
    method,
    ...(body && { setupRequest: (raw) => ({ ...raw, body: body() }) }),
    onResponse: (status, responseBody) => {
      if (status >= 400 && !firstFailure) firstFailure = `${status} ${responseBody.slice(0, 200)}`;
    },
  };
  return new Promise((resolve, reject) => {
    const warmup = warmupSeconds > 0 ? { warmup: { connections, duration: warmupSeconds } } : {};
    autocannon({ url, headers, connections, duration: seconds, requests: [request], ...warmup }, (error, result) => {
      if (error) return reject(error);
      const failed = result.non2xx + result.errors + result.timeouts;
      console.log(
        `${title.padEnd(34)} ${String(Math.round(result.requests.average)).padStart(6)} req/s   ` +
          `latency p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  max ${result.latency.max} ms   ` +
          `${result.requests.total} requests, ${failed} failed${firstFailure ? ` (first: ${firstFailure})` : ''}`,
      );
      resolve(result);
    });
  });
}

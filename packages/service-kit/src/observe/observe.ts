import { Logger } from '@nestjs/common';
import { SettingError } from '../config.js';
import { PinoNestLogger, partLogger } from './logging.js';

let logger: PinoNestLogger | undefined;

/** The part's logger, once observe() has run. */
export const observedLogger = () => logger;

/**
 * Writes a line of request `reqId` with its id given (the gateway's requests: request-id.ts says why), building
 * `message` only when `level` is written; through Nest's logger, without the id, before observe() has run (a test).
 */
export function logForRequest(level: 'debug' | 'log' | 'warn' | 'error', context: string, reqId: string | undefined, message: () => string) {
  if (logger) logger.forRequest(level, context, reqId, message);
  else new Logger(context)[level](message());
}

/** The part's logs through pino (logging.ts): every `new Logger(name)` of its code, a worker thread's too. */
export function observeLogs(part: string): PinoNestLogger {
  try {
    logger = new PinoNestLogger(partLogger(part));
  } catch (error) {
    // A bad LOG_LEVEL stops the start with its message alone, as any bad setting does (there is no logger yet).
    if (!(error instanceof SettingError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  Logger.overrideLogger(logger);
  return logger;
}

/**
 * The first thing a part's main.ts does, before it imports the rest: its logs (observeLogs) and, when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set, its traces — the OpenTelemetry SDK must be in place before the modules it
 * watches (http, pg) load, and is not even loaded otherwise.
 */
export async function observe(part: string): Promise<PinoNestLogger> {
  if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) (await import('./tracing-sdk.js')).startTracing(part);
  return observeLogs(part);
}

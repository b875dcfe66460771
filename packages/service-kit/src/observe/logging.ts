import type { LoggerService, LogLevel } from '@nestjs/common';
import { pino, type Level, type Logger as Pino } from 'pino';
import PinoPretty from 'pino-pretty';
import { SettingError } from '../config.js';
import { currentRequestId } from './request-id.js';

type Env = Record<string, string | undefined>;

/** One JSON object per line in production (NODE_ENV=production or LOG_FORMAT=json); readable text otherwise. */
export const logsAsJson = (env: Env = process.env) => env.LOG_FORMAT === 'json' || (env.LOG_FORMAT !== 'text' && env.NODE_ENV === 'production');

const LEVELS: Level[] = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'];

/** LOG_LEVEL: trace, debug, info (the default), warn, error or fatal; anything else stops the start naming it. */
export function logLevelSetting(env: Env = process.env): Level {
  const raw = env.LOG_LEVEL?.trim().toLowerCase();
  if (!raw) return 'info';
  if (!(LEVELS as string[]).includes(raw)) throw new SettingError(`LOG_LEVEL must be one of ${LEVELS.join(', ')} (got "${env.LOG_LEVEL}").`);
  return raw as Level;
}

/**
 * The part's pino logger: each line has its level, time, part (`svc-core`...), message, the Nest logger's name
 * (`context`), and `reqId` when written for a request (request-id.ts). Written synchronously, so that nothing is lost
 * when the process exits; what is logged per request is at debug level.
 */
export function partLogger(part: string, env: Env = process.env, destination: NodeJS.WritableStream = process.stdout): Pino {
  const options = {
    level: logLevelSetting(env),
    base: { part },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
    mixin: () => {
      const reqId = currentRequestId();
      return reqId ? { reqId } : {};
    },
  };
  if (logsAsJson(env)) return pino(options, destination === process.stdout ? pino.destination({ fd: 1, sync: true }) : destination);
  return pino(options, PinoPretty({ destination, sync: true, singleLine: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'part,context', messageFormat: '{if context}{context}: {end}{msg}' }));
}

const NEST_LEVELS: Record<LogLevel, Level> = { verbose: 'trace', debug: 'debug', log: 'info', warn: 'warn', error: 'error', fatal: 'fatal' };

/**
 * Nest's logging on pino: every `new Logger(name)` of the code writes through it. Nest passes the logger's name
 * last, and an error's stack (or undefined) before it.
 */
export class PinoNestLogger implements LoggerService {
  constructor(readonly pino: Pino) {}

  log(message: unknown, ...rest: unknown[]) {
    this.write('info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]) {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]) {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]) {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]) {
    this.write('trace', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]) {
    this.write('fatal', message, rest);
  }

  /** Nest's levels (a test's `['error']`): the most detailed of them becomes pino's level. */
  setLogLevels(levels: LogLevel[]) {
    const chosen = levels.map((level) => LEVELS.indexOf(NEST_LEVELS[level])).filter((index) => index >= 0);
    this.pino.level = chosen.length ? LEVELS[Math.min(...chosen)] : 'silent';
  }

  /**
   * A line of request `reqId`, its id given rather than looked up (the gateway keeps no request context,
   * request-id.ts); `message` is only built when the level is written.
   */
  forRequest(level: LogLevel, context: string, reqId: string | undefined, message: () => string) {
    const pinoLevel = NEST_LEVELS[level];
    if (this.pino.isLevelEnabled(pinoLevel)) this.pino[pinoLevel](reqId ? { context, reqId } : { context }, message());
  }

  private write(level: Level, message: unknown, rest: unknown[]) {
    if (!this.pino.isLevelEnabled(level)) return;
    const fields: Record<string, unknown> = {};
    if (rest.length > 1 || (rest.length === 1 && typeof rest[0] === 'string')) {
      const context = rest.at(-1);
      if (typeof context === 'string') fields.context = context;
      if (level === 'error' && typeof rest.at(-2) === 'string') fields.stack = rest.at(-2);
    }
    if (message instanceof Error) {
      fields.err = message;
      this.pino[level](fields, message.message);
    } else if (typeof message === 'string') {
      this.pino[level](fields, message);
    } else {
      fields.data = message;
      this.pino[level](fields, '');
    }
  }
}

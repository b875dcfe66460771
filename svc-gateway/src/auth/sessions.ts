import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import connectPgSimple from 'connect-pg-simple';
import session from 'express-session';
import type { RequestHandler } from 'express';
import pg from 'pg';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';

export const SESSION_COOKIE = 'tms.sid';

/** The cookie's attributes; logout clears it with the same ones. */
export const sessionCookieOptions = (config: GatewayConfig) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: config.secureCookies,
  path: '/',
});

declare module 'express-session' {
  interface SessionData {
    /** When (epoch ms) the session was first used signed in: it ends SESSION_MAX_SECONDS later. */
    signedInAt?: number;
  }
}

/**
 * Server-side sessions in gateway.sessions (connect-pg-simple; the table comes from our migration, not from
 * createTableIfMissing), behind an httpOnly, SameSite=Lax cookie that is Secure when APP_URL is https. A session
 * ends after SESSION_IDLE_SECONDS without a request (each request renews the cookie and the stored expiry) and
 * SESSION_MAX_SECONDS after sign-in, however busy.
 */
@Injectable()
export class Sessions implements OnApplicationShutdown {
  private readonly logger = new Logger(Sessions.name);
  private readonly pool: pg.Pool;
  private readonly store: InstanceType<ReturnType<typeof connectPgSimple>>;
  private readonly stopTouchSweep: () => void;
  readonly middleware: RequestHandler;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    // A session write lost in a crash costs a sign-in at worst: it need not wait for the disk (synchronous_commit).
    this.pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 5,
      connectionTimeoutMillis: 5000,
      options: '-c synchronous_commit=off',
    });
    this.pool.on('error', (error) => this.logger.error(`session database: ${error.message}`));
    const PgStore = connectPgSimple(session);
    this.store = new PgStore({
      pool: this.pool,
      schemaName: 'gateway',
      tableName: 'sessions',
      createTableIfMissing: false,
      errorLog: (...args: unknown[]) => this.logger.error(`session store: ${args.map(String).join(' ')}`),
    });
    this.stopTouchSweep = throttleTouches(this.store, config.sessionIdleSeconds * 1000);
    reuseRecentReads(this.store);
    const sessions = session({
      name: SESSION_COOKIE,
      secret: config.sessionSecret,
      store: this.store,
      resave: false,
      saveUninitialized: false,
      rolling: true,
      cookie: { ...sessionCookieOptions(config), maxAge: config.sessionIdleSeconds * 1000 },
    }) as RequestHandler;
    const maxAgeMs = config.sessionMaxSeconds * 1000;
    const endTooOld: RequestHandler = (req, _res, next) => {
      const current = req.session;
      if (!(current as { passport?: { user?: unknown } } | undefined)?.passport?.user) return next();
      current.signedInAt ??= Date.now();
      if (Date.now() - current.signedInAt <= maxAgeMs) return next();
      // A fresh, empty session: the request goes on signed out.
      current.regenerate((error) => next(error));
    };
    this.middleware = (req, res, next) => sessions(req, res, (error?: unknown) => (error ? next(error) : endTooOld(req, res, next)));
  }

  async onApplicationShutdown() {
    this.stopTouchSweep();
    await this.store.close();
    await this.pool.end();
  }
}

/** How long a session read is reused by the next requests of the same browser (a screen's burst of requests). */
const SESSION_REUSE_MS = 2000;
const MAX_REUSED_SESSIONS = 10_000;

/**
 * Reuses a session read in the last SESSION_REUSE_MS instead of reading Postgres again. This gateway's own writes and
 * sign-outs replace or drop it at once; a sign-out through another gateway replica takes effect here that much later.
 * Kept as JSON: express-session changes the object it is given.
 */
function reuseRecentReads(store: session.Store) {
  const recent = new Map<string, { json: string; readAt: number }>();
  const remember = (sid: string, data: session.SessionData | null | undefined) => {
    recent.delete(sid);
    if (!data) return;
    if (recent.size >= MAX_REUSED_SESSIONS) recent.delete(recent.keys().next().value!);
    recent.set(sid, { json: JSON.stringify(data), readAt: Date.now() });
  };
  const [get, set, destroy] = [store.get.bind(store), store.set.bind(store), store.destroy.bind(store)];
  store.get = (sid, callback) => {
    const kept = recent.get(sid);
    if (kept && Date.now() - kept.readAt < SESSION_REUSE_MS) return callback(null, JSON.parse(kept.json) as session.SessionData);
    get(sid, (error, data) => {
      if (!error) remember(sid, data);
      callback(error, data);
    });
  };
  store.set = (sid, data, callback) => {
    recent.delete(sid);
    set(sid, data, (error?: unknown) => {
      if (!error) remember(sid, data);
      callback?.(error);
    });
  };
  store.destroy = (sid, callback) => {
    recent.delete(sid);
    destroy(sid, callback);
  };
}

/**
 * Renewing a session's stored expiry on every request (a write before each answer ends) would double the cost of a
 * request; it is renewed at most once per a tenth of the idle time (a minute at most) instead, so a session may end
 * up to that much before its idle time is over.
 */
function throttleTouches(store: session.Store, idleMs: number): () => void {
  const interval = Math.min(60_000, idleMs / 10);
  const lastTouched = new Map<string, number>();
  const touch = store.touch!.bind(store);
  store.touch = (sid, data, callback) => {
    const now = Date.now();
    if (now - (lastTouched.get(sid) ?? 0) < interval) return callback?.();
    lastTouched.set(sid, now);
    touch(sid, data, callback);
  };
  const sweep = setInterval(() => {
    const stale = Date.now() - interval;
    for (const [sid, at] of lastTouched) if (at < stale) lastTouched.delete(sid);
  }, interval).unref();
  return () => clearInterval(sweep);
}

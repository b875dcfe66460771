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
  readonly middleware: RequestHandler;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.pool = new pg.Pool({ connectionString: config.databaseUrl, max: 5, connectionTimeoutMillis: 5000 });
    this.pool.on('error', (error) => this.logger.error(`session database: ${error.message}`));
    const PgStore = connectPgSimple(session);
    this.store = new PgStore({
      pool: this.pool,
      schemaName: 'gateway',
      tableName: 'sessions',
      createTableIfMissing: false,
      errorLog: (...args: unknown[]) => this.logger.error(`session store: ${args.map(String).join(' ')}`),
    });
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
    await this.store.close();
    await this.pool.end();
  }
}

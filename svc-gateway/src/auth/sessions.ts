import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import connectPgSimple from 'connect-pg-simple';
import session from 'express-session';
import type { RequestHandler } from 'express';
import pg from 'pg';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';

export const SESSION_COOKIE = 'tms.sid';
const SESSION_DAYS = 7;

/** The cookie's attributes; logout clears it with the same ones. */
export const sessionCookieOptions = (config: GatewayConfig) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: config.secureCookies,
  path: '/',
});

/**
 * Server-side sessions in gateway.sessions (connect-pg-simple; the table comes from our migration, not from
 * createTableIfMissing), behind an httpOnly, SameSite=Lax cookie that is Secure when APP_URL is https.
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
    this.middleware = session({
      name: SESSION_COOKIE,
      secret: config.sessionSecret,
      store: this.store,
      resave: false,
      saveUninitialized: false,
      cookie: { ...sessionCookieOptions(config), maxAge: SESSION_DAYS * 24 * 60 * 60 * 1000 },
    }) as RequestHandler;
  }

  async onApplicationShutdown() {
    await this.store.close();
    await this.pool.end();
  }
}

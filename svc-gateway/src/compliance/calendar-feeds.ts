import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CALENDAR_FEED_DAYS, type CalendarFeed } from '@tms/contracts';
import { DataSource } from 'typeorm';
import { maySignIn } from '../auth/claims.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';

/** A calendar key: 32 random bytes (256 bits) as base64url, in the feed's URL (calendar apps send no cookie). */
const newKey = () => randomBytes(32).toString('base64url');
/** What is kept of a key: a fast hash is enough for 256 random bits (nothing to guess from a dictionary). */
const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');
const iso = (time: Date | string) => new Date(time).toISOString();
const LIFETIME = `${CALENDAR_FEED_DAYS} days`;

/**
 * Each user's compliance calendar link, stored as the hash of its key. A link works until it is revoked or replaced,
 * for CALENDAR_FEED_DAYS after it was made or last renewed, and only while its owner may still sign in (the
 * allow-list): a link is a credential that outlives every session, so it must end on its own too.
 */
@Injectable()
export class CalendarFeeds {
  constructor(
    @InjectDataSource() private readonly database: DataSource,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** The user's current link: when it was made and when it ends (nulls when there is none). */
  async current(userId: string): Promise<CalendarFeed> {
    const [row] = await this.database.query(`SELECT created_at, expires_at FROM gateway.calendar_feeds WHERE user_id = $1`, [userId]);
    return row ? { createdAt: iso(row.created_at), expiresAt: iso(row.expires_at) } : { createdAt: null, expiresAt: null };
  }

  /** A new key for the user, replacing the old one (which stops working at once). */
  async replace(userId: string): Promise<{ key: string; createdAt: string; expiresAt: string }> {
    const key = newKey();
    const [row] = await this.database.query(
      `INSERT INTO gateway.calendar_feeds (user_id, key_hash, expires_at) VALUES ($1, $2, now() + $3::interval)
       ON CONFLICT (user_id) DO UPDATE SET key_hash = EXCLUDED.key_hash, created_at = now(), expires_at = EXCLUDED.expires_at
       RETURNING created_at, expires_at`,
      [userId, hashOf(key), LIFETIME],
    );
    return { key, createdAt: iso(row.created_at), expiresAt: iso(row.expires_at) };
  }

  /** The user's link, kept as it is, works for CALENDAR_FEED_DAYS from now; undefined when there is none. */
  async renew(userId: string): Promise<CalendarFeed | undefined> {
    const [row] = await this.database.query(
      // In a WITH: TypeORM answers an UPDATE's or DELETE's rows with their count beside them, a SELECT's as they are.
      `WITH renewed AS (UPDATE gateway.calendar_feeds SET expires_at = now() + $2::interval WHERE user_id = $1 RETURNING created_at, expires_at)
       SELECT * FROM renewed`,
      [userId, LIFETIME],
    );
    return row ? { createdAt: iso(row.created_at), expiresAt: iso(row.expires_at) } : undefined;
  }

  /** Ends the user's link without making another; whether there was one. */
  async revoke(userId: string): Promise<boolean> {
    const rows = await this.database.query(`WITH revoked AS (DELETE FROM gateway.calendar_feeds WHERE user_id = $1 RETURNING user_id) SELECT * FROM revoked`, [userId]);
    return rows.length > 0;
  }

  /** Whether `key` is a user's current key, not expired, of a user who may still sign in. */
  async isCurrent(key: string): Promise<boolean> {
    if (!/^[\w-]{43}$/.test(key)) return false;
    const [row] = await this.database.query(
      `SELECT u.email FROM gateway.calendar_feeds f JOIN gateway.users u ON u.id = f.user_id WHERE f.key_hash = $1 AND f.expires_at > now()`,
      [hashOf(key)],
    );
    return row !== undefined && maySignIn(row.email, this.config.allowedSignIns);
  }
}

import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** A calendar key: 32 random bytes (256 bits) as base64url, in the feed's URL (calendar apps send no cookie). */
const newKey = () => randomBytes(32).toString('base64url');
/** What is kept of a key: a fast hash is enough for 256 random bits (nothing to guess from a dictionary). */
const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

/** Each user's compliance calendar link, stored as the hash of its key. */
@Injectable()
export class CalendarFeeds {
  constructor(@InjectDataSource() private readonly database: DataSource) {}

  /** When the user's current link was made, or null. */
  async createdAt(userId: string): Promise<string | null> {
    const [row] = await this.database.query(`SELECT created_at FROM gateway.calendar_feeds WHERE user_id = $1`, [userId]);
    return row ? new Date(row.created_at).toISOString() : null;
  }

  /** A new key for the user, replacing the old one (which stops working at once). */
  async replace(userId: string): Promise<{ key: string; createdAt: string }> {
    const key = newKey();
    const [row] = await this.database.query(
      `INSERT INTO gateway.calendar_feeds (user_id, key_hash) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET key_hash = EXCLUDED.key_hash, created_at = now()
       RETURNING created_at`,
      [userId, hashOf(key)],
    );
    return { key, createdAt: new Date(row.created_at).toISOString() };
  }

  /** Whether `key` is a user's current key. */
  async isCurrent(key: string): Promise<boolean> {
    if (!/^[\w-]{43}$/.test(key)) return false;
    const rows = await this.database.query(`SELECT 1 FROM gateway.calendar_feeds WHERE key_hash = $1`, [hashOf(key)]);
    return rows.length > 0;
  }
}

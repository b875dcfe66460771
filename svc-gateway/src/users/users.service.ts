import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { CurrentUser } from '@tms/contracts';
import { Repository } from 'typeorm';
import type { SignInProfile } from '../auth/claims.js';
import { User } from './user.entity.js';

/**
 * How long a user read for a signed-in request is reused (the session's own reuse is shorter, see sessions.ts): the
 * user's profile may be this old, and a user deleted from the database is signed out this much later.
 */
const USER_REUSE_MS = 5000;
const MAX_REUSED_USERS = 10_000;

@Injectable()
export class UsersService {
  /** Users recently read, by id, with when they were read: a list's requests need not each read the same row. */
  private readonly recent = new Map<string, { user: User; readAt: number }>();

  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  /** Creates the user on first sign-in, else refreshes what the issuer says about them (it is the source of truth). */
  async upsert(profile: SignInProfile): Promise<User> {
    const result = await this.users
      .createQueryBuilder()
      .insert()
      .into(User)
      .values({ ...profile })
      .orUpdate(['first_name', 'last_name', 'profile_image_url', 'updated_at'], ['email'])
      .returning(['id'])
      .execute();
    const id = (result.raw as { id: string }[])[0].id;
    this.recent.delete(id);
    return this.users.findOneByOrFail({ id });
  }

  async findById(id: string): Promise<User | null> {
    const now = Date.now();
    const recent = this.recent.get(id);
    if (recent && now - recent.readAt < USER_REUSE_MS) return recent.user;
    const user = await this.users.findOneBy({ id });
    this.recent.delete(id);
    if (user) {
      if (this.recent.size >= MAX_REUSED_USERS) this.recent.delete(this.recent.keys().next().value!);
      this.recent.set(id, { user, readAt: now });
    }
    return user;
  }
}

/** What GET /api/auth/user answers: never the timestamps or anything else of the row. */
export const toCurrentUser = ({ id, email, firstName, lastName, profileImageUrl }: User): CurrentUser => ({
  id,
  email,
  firstName,
  lastName,
  profileImageUrl,
});

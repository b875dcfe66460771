import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { CurrentUser } from '@tms/contracts';
import { Repository } from 'typeorm';
import type { SignInProfile } from '../auth/claims.js';
import { User } from './user.entity.js';

@Injectable()
export class UsersService {
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
    return this.users.findOneByOrFail({ id });
  }

  findById(id: string): Promise<User | null> {
    return this.users.findOneBy({ id });
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

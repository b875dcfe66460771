import { Injectable } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';
import type { User } from '../users/user.entity.js';
import { UsersService } from '../users/users.service.js';

type Done = (error: unknown, value?: unknown) => void;

/** The session holds only the user's id; requests read the user (UsersService.findById reuses it for a few seconds). */
@Injectable()
export class SessionSerializer extends PassportSerializer {
  constructor(private readonly users: UsersService) {
    super();
  }

  serializeUser(user: User, done: Done) {
    done(null, user.id);
  }

  deserializeUser(id: unknown, done: Done) {
    if (typeof id !== 'string') return done(null, false);
    this.users.findById(id).then(
      (user) => done(null, user ?? false),
      (error: unknown) => done(error),
    );
  }
}

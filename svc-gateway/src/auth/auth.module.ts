import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { UsersModule } from '../users/users.module.js';
import { AuthController } from './auth.controller.js';
import { OidcStrategy } from './oidc.strategy.js';
import { SessionSerializer } from './session.serializer.js';
import { Sessions } from './sessions.js';

@Module({
  imports: [PassportModule.register({ session: true }), UsersModule],
  controllers: [AuthController],
  providers: [OidcStrategy, SessionSerializer, Sessions],
  exports: [Sessions],
})
export class AuthModule {}

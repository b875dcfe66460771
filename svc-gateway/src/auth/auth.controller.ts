import { Controller, Get, Inject, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { SOMETHING_WENT_WRONG } from '@tms/contracts';
import passport from 'passport';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import type { User } from '../users/user.entity.js';
import { toCurrentUser } from '../users/users.service.js';
import { logText } from '../http/log-text.js';
import { Public } from '../http/public.decorator.js';
import { RequestLogger } from '../http/request-ids.js';
import { SignInNotAllowed, SignInRefused } from './claims.js';
import { OIDC_STRATEGY } from './oidc.strategy.js';
import { SESSION_COOKIE, sessionCookieOptions } from './sessions.js';
import { signInFailedPage, signInNotAllowedPage } from './sign-in-failed-page.js';

/** How long a started sign-in may take before its state is forgotten. */
const PENDING_SIGN_IN_MS = 15 * 60 * 1000;

/**
 * Sign-in (OIDC authorization-code flow), sign-out and the current user. Login, callback and logout are
 * browser navigations, so they answer redirects (or a small page), not JSON; they are public, the current user is not.
 */
@Controller('api')
export class AuthController {
  private readonly logger = new RequestLogger(AuthController.name);

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  /** Starts the flow: a `state` (and nonce) in a new session, then a redirect to the issuer. */
  @Public()
  @Get('login')
  login(@Req() req: Request, @Res() res: Response) {
    if (this.config.secureCookies && !req.secure) {
      this.logger.warn(
        res,
        'APP_URL is https but this request came over http without "X-Forwarded-Proto: https" from a trusted proxy: ' +
          'the Secure session cookie cannot be set, so sign-in will not stick.',
      );
    }
    // A pending sign-in's session is short-lived; signing in replaces it with a full-length one.
    req.session.cookie.maxAge = PENDING_SIGN_IN_MS;
    passport.authenticate(OIDC_STRATEGY, (error: unknown) => this.failed(res, 'start', error))(req, res, (error?: unknown) =>
      this.failed(res, 'start', error),
    );
  }

  /**
   * Ends the flow: checks state and tokens, upserts the user, then signs in under a NEW session id (passport
   * 0.7's req.logIn regenerates the session, against session fixation) and goes to the app.
   */
  @Public()
  @Get('callback')
  callback(@Req() req: Request, @Res() res: Response) {
    passport.authenticate(OIDC_STRATEGY, (error: unknown, user: User | false, info?: { message?: string }) => {
      if (error || !user) return this.failed(res, 'finish', error ?? info?.message ?? 'no user');
      req.logIn(user, (loginError?: unknown) => (loginError ? this.failed(res, 'finish', loginError) : res.redirect(302, '/')));
    })(req, res, (error?: unknown) => this.failed(res, 'finish', error));
  }

  /** Destroys the session on the server, clears the cookie and goes back to the landing page. */
  @Public()
  @Get('logout')
  logout(@Req() req: Request, @Res() res: Response) {
    this.signOut(req, res, 302);
  }

  @Public()
  @Post('logout')
  logoutByForm(@Req() req: Request, @Res() res: Response) {
    this.signOut(req, res, 303);
  }

  @Get('auth/user')
  user(@Req() req: Request) {
    return toCurrentUser(req.user as User);
  }

  private signOut(req: Request, res: Response, status: 302 | 303) {
    const done = () => {
      res.clearCookie(SESSION_COOKIE, sessionCookieOptions(this.config));
      res.redirect(status, '/');
    };
    if (!req.session) return done();
    req.session.destroy((error?: unknown) => {
      if (error) this.logger.error(res, `Could not destroy a session: ${String(error)}`);
      done();
    });
  }

  /**
   * Answers a sign-in that did not complete. The reason is logged as one line of plain text: it may carry what the
   * browser sent (an `error_description`, a state that does not match), so it is escaped and cut short, never a stack.
   */
  private failed(res: Response, step: 'start' | 'finish', reason: unknown) {
    if (res.headersSent) return;
    if (reason instanceof SignInNotAllowed) {
      this.logger.warn(res, `Sign-in refused: ${logText(reason.message)}`);
      res.status(403).set('Cache-Control', 'no-store').type('html').send(signInNotAllowedPage(reason.email));
      return;
    }
    if (reason instanceof SignInRefused || typeof reason === 'string') {
      this.logger.warn(res, `Sign-in refused: ${logText(reason instanceof Error ? reason.message : reason)}`);
      res.status(401).set('Cache-Control', 'no-store').type('html').send(signInFailedPage());
      return;
    }
    const detail = reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason);
    // The issuer's own refusals (AuthorizationError, TokenError) come back through the browser: not our failure.
    if (step === 'finish') this.logger.warn(res, `Sign-in could not finish: ${logText(detail)}`);
    else this.logger.error(res, `Sign-in could not start: ${logText(detail)}`);
    if (step === 'start') {
      res.status(500).json({ message: SOMETHING_WENT_WRONG });
    } else {
      res.status(502).set('Cache-Control', 'no-store').type('html').send(signInFailedPage());
    }
  }
}

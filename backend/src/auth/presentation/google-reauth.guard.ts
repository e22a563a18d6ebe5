import { type ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard, type AuthGuardAuthenticateOptions } from '@nestjs/passport';
import type { Request } from 'express';
import { Clock } from '../../common/application/clock.js';
import { RequestValidationException } from '../../common/presentation/request-validation.exception.js';
import type { AccessTokenClaims } from '../application/ports/access-tokens.js';
import { GOOGLE_STRATEGY } from './google.strategy.js';
import { type OAuthRequestState, REAUTH_INTENT } from './oauth-state.store.js';
import { ReauthenticationTickets } from './reauthentication-tickets.js';

interface ReauthRequest extends Request {
  reauthTicket?: AccessTokenClaims;
}

export const TICKET_MESSAGE = 'ticket must be a re-authentication ticket that has not expired';

/**
 * Starts a creator's re-authentication: a ticket names the session, and the provider is asked to
 * make the person sign in again whatever its own session (`prompt=login`, `max_age=0`).
 */
@Injectable()
export class StartGoogleReauthGuard extends AuthGuard(GOOGLE_STRATEGY) {
  constructor(
    private readonly tickets: ReauthenticationTickets,
    private readonly clock: Clock,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<ReauthRequest>();
    const ticket = await this.tickets.read(request.query.ticket);
    if (!ticket) throw new RequestValidationException({ ticket: TICKET_MESSAGE });
    request.reauthTicket = ticket;
    return super.canActivate(context) as Promise<boolean>;
  }

  override getAuthenticateOptions(context: ExecutionContext): AuthGuardAuthenticateOptions {
    const ticket = context.switchToHttp().getRequest<ReauthRequest>().reauthTicket;
    if (!ticket) throw new Error('StartGoogleReauthGuard: no ticket');
    const state: OAuthRequestState = {
      intent: REAUTH_INTENT,
      reauth: { ...ticket, startedAt: this.clock.now().getTime() },
    };
    // passport-oauth2 hands an object `state` to the state store (typed as a string here);
    // GoogleStrategy turns `maxAge` into the `max_age` parameter.
    return {
      session: false,
      state: state as unknown as string,
      prompt: 'login',
      maxAge: 0,
    };
  }
}

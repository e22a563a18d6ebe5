import { type ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard, type AuthGuardAuthenticateOptions } from '@nestjs/passport';
import type { Request } from 'express';
import { RequestValidationException } from '../../common/presentation/request-validation.exception.js';
import { MAX_INVITE_INPUT_LENGTH } from '../../invites/index.js';
import { GOOGLE_STRATEGY } from './google.strategy.js';
import {
  isSignInIntent,
  type OAuthRequestState,
  REAUTH_INTENT,
  type SignInIntent,
} from './oauth-state.store.js';

/** What the callback learned: the provider's ID token and the intent of the sign-in. */
export interface GoogleCallbackResult {
  readonly idToken: string;
  readonly intent: SignInIntent;
  /** The invite code the sign-up started with, if any. */
  readonly invite?: string | undefined;
}

/** The callback of a signed-in creator's re-authentication round trip (#41). */
export interface GoogleReauthCallbackResult {
  readonly idToken: string;
  readonly intent: typeof REAUTH_INTENT;
  readonly sessionId: string;
  readonly userId: string;
  readonly startedAt: Date;
  readonly handle: string;
}

function reauthResult(
  idToken: string,
  state: Partial<OAuthRequestState> | undefined,
): GoogleReauthCallbackResult | null {
  const { reauth, handle } = state ?? {};
  if (state?.intent !== REAUTH_INTENT || !reauth || !handle) return null;
  const { sessionId, userId, startedAt } = reauth;
  return {
    idToken,
    intent: REAUTH_INTENT,
    sessionId,
    userId,
    startedAt: new Date(startedAt),
    handle,
  };
}

/** Starts the flow: remembers the intent in the state and redirects to the provider. */
@Injectable()
export class StartGoogleSignInGuard extends AuthGuard(GOOGLE_STRATEGY) {
  override getAuthenticateOptions(context: ExecutionContext): AuthGuardAuthenticateOptions {
    const { intent, invite } = context.switchToHttp().getRequest<Request>().query;
    if (!isSignInIntent(intent)) {
      throw new RequestValidationException({ intent: 'intent must be one of signup, login' });
    }
    if (
      invite !== undefined &&
      (typeof invite !== 'string' || invite.length > MAX_INVITE_INPUT_LENGTH)
    ) {
      throw new RequestValidationException({ invite: 'invite must be an invite code' });
    }
    // Only a sign-up redeems an invite; a sign-in ignores one.
    const state: OAuthRequestState =
      intent === 'signup' && typeof invite === 'string' && invite !== ''
        ? { intent, invite }
        : { intent };
    // passport-oauth2 hands an object `state` to the state store (typed as a string here).
    return { session: false, state: state as unknown as string };
  }
}

/**
 * Completes the flow. Never throws: a denied consent, a provider error or a missing or foreign
 * state leave `request.user` null, and the controller redirects to the sign-in page.
 */
@Injectable()
export class GoogleCallbackGuard extends AuthGuard(GOOGLE_STRATEGY) {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    // Without a code or an error passport would start a new authorization instead.
    if (request.query.code === undefined && request.query.error === undefined) {
      request.user = undefined;
      return true;
    }
    return super.canActivate(context) as Promise<boolean>;
  }

  override getAuthenticateOptions(): AuthGuardAuthenticateOptions {
    return { session: false };
  }

  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the base method's signature
  override handleRequest<TUser = GoogleCallbackResult | null>(
    error: unknown,
    idToken: unknown,
    info: unknown,
  ): TUser {
    const state = (info as { state?: Partial<OAuthRequestState> } | undefined)?.state;
    if (!error && typeof idToken === 'string' && state?.intent === REAUTH_INTENT) {
      return reauthResult(idToken, state) as TUser;
    }
    const intent = state?.intent;
    const invite = typeof state?.invite === 'string' ? state.invite : undefined;
    const result =
      error || typeof idToken !== 'string' || !isSignInIntent(intent)
        ? null
        : { idToken, intent, ...(invite !== undefined && { invite }) };
    return result as TUser;
  }
}

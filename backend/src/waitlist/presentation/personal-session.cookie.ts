import { Inject, Injectable } from '@nestjs/common';
import type { CookieOptions, Request, Response } from 'express';
import type { AppConfig } from '../../config/app-config.js';
import { readCookie } from '../../common/presentation/read-cookie.js';
import { APP_CONFIG } from '../../config/config.module.js';

export const PERSONAL_SESSION_COOKIE = 'paylock_entry_session';
/** Sent only to the personal page's API: never to the rest of the app. */
export const PERSONAL_SESSION_COOKIE_PATH = '/api/v1/extra/waitlist/me';

/**
 * The personal page's session cookie: httpOnly, SameSite=Strict, Secure in production, scoped to
 * the page's API path, ending with the session (30 minutes). Not the creator session's cookie.
 */
@Injectable()
export class PersonalSessionCookie {
  private readonly secure: boolean;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.secure = config.nodeEnv === 'production';
  }

  read(request: Request): string | undefined {
    return readCookie(request, PERSONAL_SESSION_COOKIE);
  }

  set(response: Response, token: string, expiresAt: Date): void {
    response.cookie(PERSONAL_SESSION_COOKIE, token, { ...this.attributes(), expires: expiresAt });
  }

  clear(response: Response): void {
    response.clearCookie(PERSONAL_SESSION_COOKIE, this.attributes());
  }

  private attributes(): CookieOptions {
    return {
      httpOnly: true,
      secure: this.secure,
      sameSite: 'strict',
      path: PERSONAL_SESSION_COOKIE_PATH,
    };
  }
}

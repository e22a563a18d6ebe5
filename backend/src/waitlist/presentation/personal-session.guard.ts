import {
  applyDecorators,
  type CanActivate,
  createParamDecorator,
  type ExecutionContext,
  Injectable,
  UseGuards,
} from '@nestjs/common';
import { ApiCookieAuth } from '@nestjs/swagger';
import type { Request } from 'express';
import { Throws } from '../../common/presentation/domain-error-statuses.js';
import { ResolvePersonalSession } from '../application/personal-session.use-case.js';
import type { WaitlistEntry } from '../domain/waitlist-entry.js';
import { PersonalSessionRequiredError } from '../domain/waitlist.errors.js';
import { PersonalSessionCookie } from './personal-session.cookie.js';
import { WAITLIST_ERROR_STATUSES } from './waitlist.error-statuses.js';

/** Where the guard leaves the open session's entry for {@link PersonalEntry}. */
type WithPersonalEntry = Request & { personalEntry?: WaitlistEntry };

/**
 * Resolves the personal page's session cookie to its entry before the handler runs; without an
 * open session the request fails with PersonalSessionRequiredError (401 through the module's
 * DomainErrorFilter).
 */
@Injectable()
export class PersonalSessionGuard implements CanActivate {
  constructor(
    private readonly resolveSession: ResolvePersonalSession,
    private readonly cookie: PersonalSessionCookie,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<WithPersonalEntry>();
    request.personalEntry = await this.resolveSession.execute(this.cookie.read(request));
    return true;
  }
}

/** The operation needs an open personal-page session: guarded, and documented as such. */
export function PersonalSession(): MethodDecorator {
  return applyDecorators(
    UseGuards(PersonalSessionGuard),
    ApiCookieAuth('entrySessionCookie'),
    Throws(WAITLIST_ERROR_STATUSES, PersonalSessionRequiredError),
  );
}

/** The entry of the open personal-page session (with {@link PersonalSession}). */
export const PersonalEntry = createParamDecorator(
  (_data: unknown, context: ExecutionContext): WaitlistEntry => {
    const entry = context.switchToHttp().getRequest<WithPersonalEntry>().personalEntry;
    if (!entry) throw new PersonalSessionRequiredError();
    return entry;
  },
);

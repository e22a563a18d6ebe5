import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { AuthCookies, SignedInCaller } from '../../auth/index.js';
import { BrandMoneyLinks } from '../application/brand-money-links.js';
import { CreatorActingAsBrandError } from '../domain/deal.errors.js';

const BEARER = /^Bearer (\S+)$/i;

/**
 * On a brand's link call (the token in the body), refuses the request when it also carries the
 * session of the deal's own creator (its access token or its refresh cookie): 403
 * CREATOR_CANNOT_ACT_AS_BRAND. A creator can never be both parties of a deal (ADR 0061). Calls
 * without a session cost nothing more.
 */
@Injectable()
export class NotTheDealsCreatorGuard implements CanActivate {
  constructor(
    private readonly caller: SignedInCaller,
    private readonly cookies: AuthCookies,
    private readonly moneyLinks: BrandMoneyLinks,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const token = (request.body as { token?: unknown } | undefined)?.token;
    const accessToken = BEARER.exec(request.get('Authorization') ?? '')?.[1];
    const refreshToken = this.cookies.readRefreshToken(request);
    if (typeof token !== 'string' || (!accessToken && !refreshToken)) return true;
    const accounts = await this.caller.accountsOf({ accessToken, refreshToken });
    if (accounts.length === 0) return true;
    const link = await this.moneyLinks.read(token);
    if (link && accounts.includes(link.deal.creatorId)) throw new CreatorActingAsBrandError();
    return true;
  }
}

import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import type { WaveFunnel } from '../domain/invite.js';
import { InviteStore } from './ports/invite-store.js';

/** Per wave: invited, pending, redeemed, expired, revoked. Newest wave first. */
@Injectable()
export class GetInviteFunnel {
  constructor(
    private readonly store: InviteStore,
    private readonly clock: Clock,
  ) {}

  execute(): Promise<WaveFunnel[]> {
    return this.store.funnel(this.clock.now());
  }
}

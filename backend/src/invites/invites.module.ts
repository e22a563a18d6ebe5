import {
  type BeforeApplicationShutdown,
  Logger,
  Module,
  type OnApplicationBootstrap,
  type OnModuleInit,
} from '@nestjs/common';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { EntryDataHolders, WaitlistModule } from '../waitlist/index.js';
import { InviteePersonalData } from './application/invitee-personal-data.js';
import { GetInviteFunnel } from './application/get-invite-funnel.use-case.js';
import { InviteRedemptions } from './application/invite-redemptions.js';
import { InviteCodes } from './application/ports/invite-codes.js';
import { InviteSettings } from './application/ports/invite-settings.js';
import { InviteStore } from './application/ports/invite-store.js';
import { RevokeInvite } from './application/revoke-invite.use-case.js';
import { SendInvites } from './application/send-invites.use-case.js';
import { MongoInviteStore } from './infrastructure/mongo-invite.store.js';
import { RandomInviteCodes } from './infrastructure/random-invite-codes.js';
import { InvitesController } from './presentation/invites.controller.js';

/**
 * Early access by invitation (issue #15, ADR 0024): invite waves, revocation, the funnel, and
 * the claim-once redemption the sign-up uses. The admin's endpoints live in the admin module
 * (they are audited there); the sign-up's use of redemption lives in auth.
 */
@Module({
  imports: [WaitlistModule],
  controllers: [InvitesController],
  providers: [
    SendInvites,
    RevokeInvite,
    GetInviteFunnel,
    InviteRedemptions,
    InviteePersonalData,
    { provide: InviteStore, useClass: MongoInviteStore },
    { provide: InviteCodes, useClass: RandomInviteCodes },
    {
      provide: InviteSettings,
      inject: [APP_CONFIG],
      useFactory: ({ invites, auth }: AppConfig) =>
        new InviteSettings(invites.ttlDays, auth.publicUrl),
    },
  ],
  exports: [SendInvites, RevokeInvite, GetInviteFunnel, InviteRedemptions],
})
export class InvitesModule
  implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown
{
  private readonly logger = new Logger(InvitesModule.name);

  constructor(
    private readonly sendInvites: SendInvites,
    private readonly holders: EntryDataHolders,
    private readonly inviteeData: InviteePersonalData,
  ) {}

  /** An erased entry's invite data goes with it (#13): before any request or sweep runs. */
  onModuleInit(): void {
    this.holders.register(this.inviteeData);
  }

  /** Entries a stopped process left unmarked get their status (in the background). */
  onApplicationBootstrap(): void {
    void this.sendInvites.markUnmarkedEntries().catch((error: unknown) => {
      this.logger.warn({ err: error }, 'Could not check for unmarked invited entries');
    });
  }

  /** Before the database closes: the statuses of the last wave are written. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.sendInvites.whenMarked();
  }
}

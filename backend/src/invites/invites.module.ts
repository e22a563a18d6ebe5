import { setTimeout as sleep } from 'node:timers/promises';
import {
  type BeforeApplicationShutdown,
  Logger,
  Module,
  type OnApplicationBootstrap,
  type OnModuleInit,
} from '@nestjs/common';
import { DatabaseReady } from '../common/application/database-ready.js';
import { fromConfig } from '../config/config.module.js';
import { EntryDataHolders, WaitlistModule } from '../waitlist/index.js';
import { InviteePersonalData } from './application/invitee-personal-data.js';
import { GetInviteFunnel } from './application/get-invite-funnel.use-case.js';
import { InviteRedemptions } from './application/invite-redemptions.js';
import { InviteCodes } from './application/ports/invite-codes.js';
import { InviteSettings } from './application/ports/invite-settings.js';
import { InviteStore } from './application/ports/invite-store.js';
import { RevokeInvite } from './application/revoke-invite.use-case.js';
import { SendInvites } from './application/send-invites.use-case.js';
import { InjectModel, MongooseModule } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { MailModule } from '../mail/index.js';
import { PrunersModule } from '../retention/index.js';
import { Pruners } from '../retention/retention.contract.js';
import { inviteClaimsPruner } from './infrastructure/mongo-invite-claims-pruner.js';
import { INVITE_MODELS, InviteClaimRecord, InviteRecord } from './infrastructure/invite.schemas.js';
import { MongoInviteStore } from './infrastructure/mongo-invite.store.js';
import { RandomInviteCodes } from './infrastructure/random-invite-codes.js';
import { InvitesController } from './presentation/invites.controller.js';

/** Tries of the start-up repair (the database may blip right after it opens), with these waits. */
const REPAIR_TRIES = 5;
const REPAIR_RETRY_MS = 2000;

/**
 * Early access by invitation (issue #15, ADR 0024): invite waves, revocation, the funnel, and
 * the claim-once redemption the sign-up uses. The admin's endpoints live in the admin module
 * (they are audited there); the sign-up's use of redemption lives in auth.
 */
@Module({
  imports: [WaitlistModule, MailModule, PrunersModule, MongooseModule.forFeature(INVITE_MODELS)],
  controllers: [InvitesController],
  providers: [
    SendInvites,
    RevokeInvite,
    GetInviteFunnel,
    InviteRedemptions,
    InviteePersonalData,
    { provide: InviteStore, useClass: MongoInviteStore },
    { provide: InviteCodes, useClass: RandomInviteCodes },
    fromConfig(
      InviteSettings,
      ({ invites, auth }) => new InviteSettings(invites.ttlDays, auth.publicUrl),
    ),
  ],
  exports: [SendInvites, RevokeInvite, GetInviteFunnel, InviteRedemptions],
})
export class InvitesModule
  implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown
{
  private readonly logger = new Logger(InvitesModule.name);
  private readonly stopping = new AbortController();

  constructor(
    private readonly sendInvites: SendInvites,
    private readonly holders: EntryDataHolders,
    private readonly inviteeData: InviteePersonalData,
    private readonly database: DatabaseReady,
    private readonly pruners: Pruners,
    @InjectModel(InviteRecord.name) private readonly invites: Model<InviteRecord>,
    @InjectModel(InviteClaimRecord.name) private readonly claims: Model<InviteClaimRecord>,
  ) {}

  /**
   * An erased entry's invite data goes with it (#13): before any request or sweep runs. Claims
   * of long-expired invites go after their period (the retention job).
   */
  onModuleInit(): void {
    this.holders.register(this.inviteeData);
    this.pruners.register(inviteClaimsPruner(this.invites, this.claims));
  }

  /**
   * Entries a stopped process left unmarked get their status: in the background, once the
   * database connection is open (never before it), retried if the database fails meanwhile.
   */
  onApplicationBootstrap(): void {
    void this.database.whenReady().then(() => this.repair());
  }

  /** Before the database closes: the statuses of the last wave are written. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping.abort();
    await this.sendInvites.whenMarked();
  }

  private async repair(): Promise<void> {
    for (let tried = 1; !this.stopping.signal.aborted; tried += 1) {
      try {
        await this.sendInvites.markUnmarkedEntries();
        this.logger.log('Checked for invited entries left unmarked');
        return;
      } catch (error) {
        if (tried >= REPAIR_TRIES) {
          this.logger.warn(
            `Could not check for unmarked invited entries (${error instanceof Error ? error.name : 'unknown error'}); the next start tries again`,
          );
          return;
        }
        await sleep(REPAIR_RETRY_MS * tried, undefined, { signal: this.stopping.signal }).catch(
          () => undefined,
        );
      }
    }
  }
}

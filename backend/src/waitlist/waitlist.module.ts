import { Module, type Type } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { fromConfig } from '../config/config.module.js';
import { LinkTokensModule } from '../link-tokens/index.js';
import { MailModule } from '../mail/index.js';
import { RetainedEntries } from '../retention/retention.contract.js';
import { ConfirmWaitlistPlace } from './application/confirm-waitlist-place.use-case.js';
import { GetWaitlistStats } from './application/get-waitlist-stats.use-case.js';
import { JoinWaitlist } from './application/join-waitlist.use-case.js';
import { NotifyJoinAttempt } from './application/notify-join-attempt.js';
import { ConfirmationLinks } from './application/ports/confirmation-links.js';
import { JoinLimits } from './application/ports/join-limits.js';
import { LimitSlots } from './application/ports/limit-slots.js';
import { SweepSlots } from './application/ports/sweep-slots.js';
import { WaitlistSeats } from './application/ports/waitlist-seats.js';
import { EntryConfirmations } from './application/ports/entry-confirmations.js';
import { EntryCorrections } from './application/ports/entry-corrections.js';
import { EntryErasure } from './application/ports/entry-erasure.js';
import { InviteeStatuses } from './application/ports/invitee-statuses.js';
import { WaitlistEntries } from './application/ports/waitlist-entries.js';
import { ResendConfirmation } from './application/resend-confirmation.use-case.js';
import { SendConfirmation } from './application/send-confirmation.js';
import { SweepUnconfirmedEntries } from './application/sweep-unconfirmed-entries.js';
import {
  LimitSlotRecord,
  LimitSlotSchema,
  MongoLimitSlots,
} from './infrastructure/persistence/mongo/mongo-limit-slots.js';
import {
  MongoSweepSlots,
  SweepSlotRecord,
  SweepSlotSchema,
} from './infrastructure/persistence/mongo/mongo-sweep-slots.js';
import { MongoWaitlistSeats } from './infrastructure/persistence/mongo/mongo-waitlist-seats.js';
import {
  WaitlistSeatRecord,
  WaitlistSeatSchema,
} from './infrastructure/persistence/mongo/waitlist-seat.schema.js';
import { MongoWaitlistRepository } from './infrastructure/persistence/mongo/mongo-waitlist.repository.js';
import { WaitlistDirectory } from './application/ports/waitlist-directory.js';
import { MongoWaitlistDirectory } from './infrastructure/persistence/mongo/mongo-waitlist-directory.js';
import {
  WAITLIST_ENTRY_MODEL,
  waitlistEntrySchema,
} from './infrastructure/persistence/mongo/waitlist-entry.schema.js';
import { PublicUrlConfirmationLinks } from './infrastructure/public-url-confirmation-links.js';
import { SweepScheduler } from './infrastructure/sweep-scheduler.js';
import { WaitlistController } from './presentation/waitlist.controller.js';
import { ConfirmEmailChange, RequestEmailChange } from './application/change-email.use-case.js';
import { CorrectWaitlistEntry } from './application/correct-waitlist-entry.use-case.js';
import { EraseWaitlistEntry } from './application/erase-waitlist-entry.use-case.js';
import { EraseEntriesAfterRetention } from './application/erase-entries-after-retention.js';
import { GetPersonalPage } from './application/get-personal-page.use-case.js';
import { PersonalLinkIssuer } from './application/personal-link-issuer.js';
import {
  EndPersonalSession,
  OpenPersonalPage,
  ResolvePersonalSession,
} from './application/personal-session.use-case.js';
import { PersonalPageLinks } from './application/ports/personal-page-links.js';
import { PersonalSessions } from './application/ports/personal-sessions.js';
import { EntryDataHolders } from './application/ports/entry-data-holders.js';
import { PrivacySettings } from './application/ports/privacy-settings.js';
import { RequestPersonalLink } from './application/request-personal-link.use-case.js';
import {
  MongoPersonalSessions,
  PersonalSessionRecord,
  PersonalSessionSchema,
} from './infrastructure/persistence/mongo/mongo-personal-sessions.js';
import { PublicUrlPersonalPageLinks } from './infrastructure/public-url-confirmation-links.js';
import { PersonalPageController } from './presentation/personal-page.controller.js';
import { PersonalSessionCookie } from './presentation/personal-session.cookie.js';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: WAITLIST_ENTRY_MODEL, schema: waitlistEntrySchema },
      { name: WaitlistSeatRecord.name, schema: WaitlistSeatSchema },
      { name: SweepSlotRecord.name, schema: SweepSlotSchema },
      { name: LimitSlotRecord.name, schema: LimitSlotSchema },
      { name: PersonalSessionRecord.name, schema: PersonalSessionSchema },
    ]),
    LinkTokensModule,
    MailModule,
  ],
  controllers: [WaitlistController, PersonalPageController],
  providers: [
    JoinWaitlist,
    NotifyJoinAttempt,
    ConfirmWaitlistPlace,
    ResendConfirmation,
    SendConfirmation,
    GetWaitlistStats,
    SweepUnconfirmedEntries,
    SweepScheduler,
    EraseEntriesAfterRetention,
    // The retention job's port (retention.contract.ts), served by the erasure as it is.
    {
      provide: RetainedEntries,
      useExisting: EraseEntriesAfterRetention satisfies Type<RetainedEntries>,
    },
    // One adapter, five role ports: each use case asks only for the port it uses.
    MongoWaitlistRepository,
    ...[WaitlistEntries, EntryConfirmations, EntryCorrections, EntryErasure, InviteeStatuses].map(
      (port) => ({ provide: port, useExisting: MongoWaitlistRepository }),
    ),
    { provide: WaitlistSeats, useClass: MongoWaitlistSeats },
    { provide: SweepSlots, useClass: MongoSweepSlots },
    { provide: LimitSlots, useClass: MongoLimitSlots },
    fromConfig(
      JoinLimits,
      ({ rateLimits }) => new JoinLimits(rateLimits.waitlistAlreadyRegisteredPerHour),
    ),
    fromConfig(ConfirmationLinks, ({ auth }) => new PublicUrlConfirmationLinks(auth.publicUrl)),
    PersonalLinkIssuer,
    RequestPersonalLink,
    OpenPersonalPage,
    ResolvePersonalSession,
    EndPersonalSession,
    GetPersonalPage,
    CorrectWaitlistEntry,
    RequestEmailChange,
    ConfirmEmailChange,
    EraseWaitlistEntry,
    EntryDataHolders,
    PersonalSessionCookie,
    { provide: PersonalSessions, useClass: MongoPersonalSessions },
    fromConfig(PrivacySettings, ({ privacy }) => new PrivacySettings(privacy.grievanceEmail)),
    fromConfig(PersonalPageLinks, ({ auth }) => new PublicUrlPersonalPageLinks(auth.publicUrl)),
    { provide: WaitlistDirectory, useClass: MongoWaitlistDirectory },
  ],
  exports: [
    EraseEntriesAfterRetention,
    RetainedEntries,
    WaitlistDirectory,
    InviteeStatuses,
    GetWaitlistStats,
    PersonalLinkIssuer,
    EntryDataHolders,
  ],
})
export class WaitlistModule {}

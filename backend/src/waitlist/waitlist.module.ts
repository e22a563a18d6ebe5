import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { Clock } from '../common/application/clock.js';
import { SystemClock } from '../common/infrastructure/system-clock.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { LinkTokensModule } from '../link-tokens/index.js';
import { ConfirmWaitlistPlace } from './application/confirm-waitlist-place.use-case.js';
import { GetWaitlistStats } from './application/get-waitlist-stats.use-case.js';
import { JoinWaitlist } from './application/join-waitlist.use-case.js';
import { ConfirmationLinks } from './application/ports/confirmation-links.js';
import { SweepSlots } from './application/ports/sweep-slots.js';
import { WaitlistSeats } from './application/ports/waitlist-seats.js';
import { WaitlistRepository } from './application/ports/waitlist.repository.js';
import { ResendConfirmation } from './application/resend-confirmation.use-case.js';
import { SendConfirmation } from './application/send-confirmation.js';
import { SweepUnconfirmedEntries } from './application/sweep-unconfirmed-entries.js';
import { MongoSweepSlots } from './infrastructure/persistence/mongo/mongo-sweep-slots.js';
import { MongoWaitlistSeats } from './infrastructure/persistence/mongo/mongo-waitlist-seats.js';
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

@Module({
  imports: [
    MongooseModule.forFeature([{ name: WAITLIST_ENTRY_MODEL, schema: waitlistEntrySchema }]),
    LinkTokensModule,
  ],
  controllers: [WaitlistController],
  providers: [
    JoinWaitlist,
    ConfirmWaitlistPlace,
    ResendConfirmation,
    SendConfirmation,
    GetWaitlistStats,
    SweepUnconfirmedEntries,
    SweepScheduler,
    { provide: WaitlistRepository, useClass: MongoWaitlistRepository },
    { provide: WaitlistSeats, useClass: MongoWaitlistSeats },
    { provide: SweepSlots, useClass: MongoSweepSlots },
    {
      provide: ConfirmationLinks,
      inject: [APP_CONFIG],
      useFactory: ({ auth }: AppConfig) => new PublicUrlConfirmationLinks(auth.publicUrl),
    },
    { provide: Clock, useClass: SystemClock },
    { provide: WaitlistDirectory, useClass: MongoWaitlistDirectory },
  ],
  exports: [WaitlistDirectory, WaitlistRepository],
})
export class WaitlistModule {}

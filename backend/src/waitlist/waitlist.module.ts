import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { GetWaitlistStats } from './application/get-waitlist-stats.use-case.js';
import { JoinWaitlist } from './application/join-waitlist.use-case.js';
import { Clock } from '../common/application/clock.js';
import { WaitlistRepository } from './application/ports/waitlist.repository.js';
import { MongoWaitlistRepository } from './infrastructure/persistence/mongo/mongo-waitlist.repository.js';
import { WaitlistDirectory } from './application/ports/waitlist-directory.js';
import { MongoWaitlistDirectory } from './infrastructure/persistence/mongo/mongo-waitlist-directory.js';
import {
  WAITLIST_ENTRY_MODEL,
  waitlistEntrySchema,
} from './infrastructure/persistence/mongo/waitlist-entry.schema.js';
import { SystemClock } from '../common/infrastructure/system-clock.js';
import { WaitlistController } from './presentation/waitlist.controller.js';

@Module({
  imports: [
    MongooseModule.forFeature([{ name: WAITLIST_ENTRY_MODEL, schema: waitlistEntrySchema }]),
  ],
  controllers: [WaitlistController],
  providers: [
    JoinWaitlist,
    GetWaitlistStats,
    { provide: WaitlistRepository, useClass: MongoWaitlistRepository },
    { provide: Clock, useClass: SystemClock },
    { provide: WaitlistDirectory, useClass: MongoWaitlistDirectory },
  ],
  exports: [WaitlistDirectory],
})
export class WaitlistModule {}

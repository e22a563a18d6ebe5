import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/index.js';
import { DealsModule } from '../deals/index.js';
import { MailModule } from '../mail/index.js';
import { RateLimitStorageModule } from '../rate-limit/index.js';
import { UsersModule } from '../users/index.js';
import { SupportRequests } from './application/ports/support-requests.js';
import {
  CreateSupportRequest,
  ListSupportRequests,
} from './application/support-requests.use-case.js';
import { MongoSupportRequests } from './infrastructure/mongo-support-requests.js';
import { AdminSupportController, SupportController } from './presentation/support.controller.js';

/** Help & support (#41): a creator's request, its confirmation mail, the back-office list. */
@Module({
  imports: [AuthModule, UsersModule, DealsModule, MailModule, RateLimitStorageModule],
  controllers: [SupportController, AdminSupportController],
  providers: [
    { provide: SupportRequests, useClass: MongoSupportRequests },
    CreateSupportRequest,
    ListSupportRequests,
  ],
})
export class SupportModule {}

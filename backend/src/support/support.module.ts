import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AuditLogModule } from '../admin/index.js';
import { AuthModule } from '../auth/index.js';
import { fromConfig } from '../config/config.module.js';
import { NotificationsModule } from '../notifications/index.js';
import {
  AnswerSupportRequest,
  SupportSettings,
} from './application/answer-support-request.use-case.js';
import { DealsModule } from '../deals/index.js';
import { MailModule } from '../mail/index.js';
import { RateLimitStorageModule } from '../rate-limit/index.js';
import { UsersModule } from '../users/index.js';
import { SupportRequestErasure } from './application/ports/support-request-erasure.js';
import { SupportRequests } from './application/ports/support-requests.js';
import {
  CreateSupportRequest,
  ListMySupportRequests,
  ListSupportRequests,
} from './application/support-requests.use-case.js';
import { MongoSupportRequestErasure } from './infrastructure/mongo-support-request-erasure.js';
import {
  MongoSupportRequests,
  SupportAnswerRecord,
  SupportAnswerSchema,
  SupportRequestRecord,
  SupportRequestSchema,
} from './infrastructure/mongo-support-requests.js';
import { AdminSupportController, SupportController } from './presentation/support.controller.js';

/**
 * Help & support (#41): a creator's request, its confirmation mail, the back-office's list and
 * answer (audited, mailed, in the person's bell).
 */
@Module({
  imports: [
    AuthModule,
    UsersModule,
    DealsModule,
    MailModule,
    RateLimitStorageModule,
    AuditLogModule,
    NotificationsModule,
    MongooseModule.forFeature([
      { name: SupportRequestRecord.name, schema: SupportRequestSchema },
      { name: SupportAnswerRecord.name, schema: SupportAnswerSchema },
    ]),
  ],
  controllers: [SupportController, AdminSupportController],
  providers: [
    { provide: SupportRequests, useClass: MongoSupportRequests },
    { provide: SupportRequestErasure, useClass: MongoSupportRequestErasure },
    CreateSupportRequest,
    ListSupportRequests,
    ListMySupportRequests,
    AnswerSupportRequest,
    fromConfig(SupportSettings, ({ auth }) => new SupportSettings(auth.publicUrl)),
  ],
  // The account's erasure removes its requests and their answers (#41).
  exports: [SupportRequestErasure],
})
export class SupportModule {}

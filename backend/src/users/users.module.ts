import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { fromConfig } from '../config/config.module.js';
import { AdminBindings, AdminPolicy } from './application/ports/admin-bindings.js';
import { AdminEmailList } from './application/ports/admin-email-list.js';
import { UserRepository } from './application/ports/user.repository.js';
import { UserRoles } from './application/user-roles.js';
import { ConfiguredAdminEmailList } from './infrastructure/configured-admin-email-list.js';
import { MongoAdminBindings } from './infrastructure/persistence/mongo/mongo-admin-bindings.js';
import {
  AdminBindingRecord,
  AdminBindingSchema,
} from './infrastructure/persistence/mongo/admin-binding.schema.js';
import { MongoUserRepository } from './infrastructure/persistence/mongo/mongo-user.repository.js';
import { UserRecord, UserSchema } from './infrastructure/persistence/mongo/user.schema.js';
import {
  BrandAccountRecord,
  BrandAccountSchema,
} from './infrastructure/persistence/mongo/brand-account.schema.js';
import { MongoBrandAccountRepository } from './infrastructure/persistence/mongo/mongo-brand-account.repository.js';
import { BrandAccountRepository } from './application/ports/brand-account.repository.js';
import { Accounts } from './application/accounts.js';
import { ContactEmails } from './application/ports/contact-emails.js';
import {
  ContactEmailRecord,
  ContactEmailSchema,
  MongoContactEmails,
} from './infrastructure/persistence/mongo/mongo-contact-emails.js';
import { AccountErasureGate } from './application/account-erasure-gate.js';
import { AccountErasureClaims } from './application/ports/account-erasure-claims.js';
import { AccountRecords } from './application/ports/account-records.js';
import {
  ACCOUNT_ERASURE_MODELS,
  MongoAccountErasureClaims,
} from './infrastructure/persistence/mongo/mongo-account-erasure-claims.js';
import { MongoAccountRecords } from './infrastructure/persistence/mongo/mongo-account-records.js';

/**
 * User accounts (creators' and brands') and their roles. Exposes the repository port and UserRoles; the auth module
 * drives sign-up and sign-in and checks roles.
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: UserRecord.name, schema: UserSchema },
      { name: BrandAccountRecord.name, schema: BrandAccountSchema },
      { name: AdminBindingRecord.name, schema: AdminBindingSchema },
      { name: ContactEmailRecord.name, schema: ContactEmailSchema },
      ...ACCOUNT_ERASURE_MODELS,
    ]),
  ],
  providers: [
    { provide: UserRepository, useClass: MongoUserRepository },
    { provide: BrandAccountRepository, useClass: MongoBrandAccountRepository },
    Accounts,
    { provide: ContactEmails, useClass: MongoContactEmails },
    { provide: AccountErasureClaims, useClass: MongoAccountErasureClaims },
    { provide: AccountRecords, useClass: MongoAccountRecords },
    AccountErasureGate,
    fromConfig(AdminEmailList, ({ admin }) => new ConfiguredAdminEmailList(admin.emails)),
    { provide: AdminBindings, useClass: MongoAdminBindings },
    fromConfig(AdminPolicy, ({ admin }) => new AdminPolicy(admin.subjects, admin.hostedDomain)),
    {
      provide: UserRoles,
      inject: [AdminEmailList, AdminBindings, AdminPolicy],
      useFactory: (emails: AdminEmailList, bindings: AdminBindings, policy: AdminPolicy) =>
        new UserRoles(emails, bindings, policy),
    },
  ],
  exports: [
    UserRepository,
    BrandAccountRepository,
    Accounts,
    UserRoles,
    ContactEmails,
    // The account's erasure (#41): the money's gate and the account records' eraser.
    AccountErasureGate,
    AccountRecords,
  ],
})
export class UsersModule {}

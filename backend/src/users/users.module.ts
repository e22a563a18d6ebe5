import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { AdminEmailList } from './application/ports/admin-email-list.js';
import { UserRepository } from './application/ports/user.repository.js';
import { UserRoles } from './application/user-roles.js';
import { ConfiguredAdminEmailList } from './infrastructure/configured-admin-email-list.js';
import { MongoUserRepository } from './infrastructure/persistence/mongo/mongo-user.repository.js';
import { UserRecord, UserSchema } from './infrastructure/persistence/mongo/user.schema.js';

/**
 * User accounts and their roles. Exposes the repository port and UserRoles; the auth module
 * drives sign-up and sign-in and checks roles.
 */
@Module({
  imports: [MongooseModule.forFeature([{ name: UserRecord.name, schema: UserSchema }])],
  providers: [
    { provide: UserRepository, useClass: MongoUserRepository },
    {
      provide: AdminEmailList,
      inject: [APP_CONFIG],
      useFactory: ({ admin }: AppConfig) => new ConfiguredAdminEmailList(admin.emails),
    },
    {
      provide: UserRoles,
      inject: [AdminEmailList],
      useFactory: (emails: AdminEmailList) => new UserRoles(emails),
    },
  ],
  exports: [UserRepository, UserRoles],
})
export class UsersModule {}

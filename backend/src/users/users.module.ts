import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { UserRepository } from './application/ports/user.repository.js';
import { MongoUserRepository } from './infrastructure/persistence/mongo/mongo-user.repository.js';
import { UserRecord, UserSchema } from './infrastructure/persistence/mongo/user.schema.js';

/** User accounts. Exposes only the repository port; the auth module drives sign-up and sign-in. */
@Module({
  imports: [MongooseModule.forFeature([{ name: UserRecord.name, schema: UserSchema }])],
  providers: [{ provide: UserRepository, useClass: MongoUserRepository }],
  exports: [UserRepository],
})
export class UsersModule {}

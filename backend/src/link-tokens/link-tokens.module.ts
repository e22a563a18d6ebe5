import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { LinkTokens } from './application/ports/link-tokens.js';
import {
  LinkTokenRecord,
  LinkTokenSchema,
  LinkTokenUseRecord,
  LinkTokenUseSchema,
  MongoLinkTokens,
} from './infrastructure/mongo-link-tokens.js';

/** Link tokens for any module that e-mails a link: import this module, inject LinkTokens. */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: LinkTokenRecord.name, schema: LinkTokenSchema },
      { name: LinkTokenUseRecord.name, schema: LinkTokenUseSchema },
    ]),
  ],
  providers: [{ provide: LinkTokens, useClass: MongoLinkTokens }],
  exports: [LinkTokens],
})
export class LinkTokensModule {}

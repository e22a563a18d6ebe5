import { Module } from '@nestjs/common';
import { LinkTokens } from './application/ports/link-tokens.js';
import { MongoLinkTokens } from './infrastructure/mongo-link-tokens.js';

/** Link tokens for any module that e-mails a link: import this module, inject LinkTokens. */
@Module({
  providers: [{ provide: LinkTokens, useClass: MongoLinkTokens }],
  exports: [LinkTokens],
})
export class LinkTokensModule {}

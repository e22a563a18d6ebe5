import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { SupportRequestErasure } from '../application/ports/support-request-erasure.js';
import {
  SUPPORT_ANSWERS_COLLECTION,
  SUPPORT_REQUESTS_COLLECTION,
} from './mongo-support-requests.js';

/**
 * The answers first, then the requests: both name the account id, so an erasure cut short finds
 * what is left by the same key. (Support is still on the raw driver, as its store is.)
 */
@Injectable()
export class MongoSupportRequestErasure extends SupportRequestErasure {
  constructor(@InjectConnection() private readonly connection: Connection) {
    super();
  }

  async eraseOf(accountId: string): Promise<void> {
    await this.connection.collection(SUPPORT_ANSWERS_COLLECTION).deleteMany({ accountId });
    await this.connection.collection(SUPPORT_REQUESTS_COLLECTION).deleteMany({ accountId });
  }
}

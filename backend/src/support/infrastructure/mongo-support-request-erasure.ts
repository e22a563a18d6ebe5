import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { SupportRequestErasure } from '../application/ports/support-request-erasure.js';
import { SupportAnswerRecord, SupportRequestRecord } from './mongo-support-requests.js';

/**
 * The answers first, then the requests: both name the account id, so an erasure cut short finds
 * what is left by the same key.
 */
@Injectable()
export class MongoSupportRequestErasure extends SupportRequestErasure {
  constructor(
    @InjectModel(SupportRequestRecord.name) private readonly requests: Model<SupportRequestRecord>,
    @InjectModel(SupportAnswerRecord.name) private readonly answers: Model<SupportAnswerRecord>,
  ) {
    super();
  }

  async eraseOf(accountId: string): Promise<void> {
    await this.answers.deleteMany({ accountId }).exec();
    await this.requests.deleteMany({ accountId }).exec();
  }
}

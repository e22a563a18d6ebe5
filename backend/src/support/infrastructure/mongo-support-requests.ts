import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import mongoose, { type Collection, type Connection } from 'mongoose';
import { SupportRequests } from '../application/ports/support-requests.js';
import type { NewSupportRequest, SupportRequest } from '../domain/support-request.js';

export const SUPPORT_REQUESTS_COLLECTION = 'support_requests';

type SupportRequestDocument = Omit<SupportRequest, 'id'> & { _id: string };

@Injectable()
export class MongoSupportRequests extends SupportRequests {
  private readonly requests: Collection<SupportRequestDocument>;

  constructor(@InjectConnection() connection: Connection) {
    super();
    this.requests = connection.collection<SupportRequestDocument>(SUPPORT_REQUESTS_COLLECTION);
  }

  async add(request: NewSupportRequest): Promise<SupportRequest> {
    const id = new mongoose.Types.ObjectId().toHexString();
    await this.requests.insertOne({ _id: id, ...request });
    return { id, ...request };
  }

  async latest(limit: number): Promise<SupportRequest[]> {
    const documents = await this.requests.find({}).sort({ createdAt: -1 }).limit(limit).toArray();
    return documents.map(({ _id, ...rest }) => ({ id: _id, ...rest }));
  }
}

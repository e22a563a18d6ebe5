import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import mongoose, { type Collection, type Connection } from 'mongoose';
import { insertedFirst } from '../../database/duplicate-key.js';
import {
  type SupportRequestFilter,
  SupportRequests,
  type SupportRequestPage,
} from '../application/ports/support-requests.js';
import type {
  NewSupportRequest,
  SupportAnswer,
  SupportDealContext,
  SupportKind,
  SupportParty,
  SupportRequest,
  SupportStatus,
} from '../domain/support-request.js';

export const SUPPORT_REQUESTS_COLLECTION = 'support_requests';
/** One answer per request, keyed by the request's id: the insert is the claim. */
export const SUPPORT_ANSWERS_COLLECTION = 'support_answers';

type SupportRequestDocument = Omit<
  SupportRequest,
  'id' | 'answer' | 'kind' | 'party' | 'phone' | 'deal'
> & {
  _id: string;
  /** Absent on requests stored before grievances existed (questions). */
  kind?: SupportKind;
  /** The next three are absent on requests stored before brands could ask (creators'). */
  party?: SupportParty;
  phone?: string | null;
  deal?: SupportDealContext | null;
  /** Copied from the answer once it is stored, for the back-office's open/answered filter. */
  answeredAt?: Date | null;
};
type SupportAnswerDocument = SupportAnswer & { _id: string; accountId: string };

const STATUS_FILTERS: Record<SupportStatus, Record<string, unknown>> = {
  open: { answeredAt: null },
  answered: { answeredAt: { $ne: null } },
};
const KIND_FILTERS: Record<SupportKind, Record<string, unknown>> = {
  question: { kind: { $ne: 'grievance' } },
  grievance: { kind: 'grievance' },
};

@Injectable()
export class MongoSupportRequests extends SupportRequests {
  private readonly requests: Collection<SupportRequestDocument>;
  private readonly answers: Collection<SupportAnswerDocument>;

  constructor(@InjectConnection() connection: Connection) {
    super();
    this.requests = connection.collection<SupportRequestDocument>(SUPPORT_REQUESTS_COLLECTION);
    this.answers = connection.collection<SupportAnswerDocument>(SUPPORT_ANSWERS_COLLECTION);
  }

  async add(request: NewSupportRequest): Promise<SupportRequest> {
    const id = new mongoose.Types.ObjectId().toHexString();
    await this.requests.insertOne({ _id: id, ...request, answeredAt: null });
    return { id, ...request, answer: null };
  }

  async latest(limit: number): Promise<SupportRequest[]> {
    const documents = await this.requests.find({}).sort({ createdAt: -1 }).limit(limit).toArray();
    return this.withAnswers(documents);
  }

  async page(
    { status, kind }: SupportRequestFilter,
    page: number,
    pageSize: number,
  ): Promise<SupportRequestPage> {
    const filter = {
      ...(status === null ? {} : STATUS_FILTERS[status]),
      ...(kind === null ? {} : KIND_FILTERS[kind]),
    };
    const [documents, total] = await Promise.all([
      this.requests
        .find(filter)
        .sort({ createdAt: -1, _id: -1 })
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .toArray(),
      this.requests.countDocuments(filter),
    ]);
    return { items: await this.withAnswers(documents), total };
  }

  async find(id: string): Promise<SupportRequest | null> {
    const document = await this.requests.findOne({ _id: id });
    return document ? ((await this.withAnswers([document]))[0] ?? null) : null;
  }

  async ofAccount(accountId: string, limit: number): Promise<SupportRequest[]> {
    const documents = await this.requests
      .find({ accountId })
      .sort({ createdAt: -1 })
      .limit(limit)
      .toArray();
    return this.withAnswers(documents);
  }

  async answer(request: SupportRequest, answer: SupportAnswer): Promise<boolean> {
    const stored = await insertedFirst(() =>
      this.answers.insertOne({ _id: request.id, accountId: request.accountId, ...answer }),
    );
    if (stored) {
      await this.requests.updateOne(
        { _id: request.id },
        { $set: { answeredAt: answer.answeredAt } },
      );
    }
    return stored;
  }

  private async withAnswers(documents: SupportRequestDocument[]): Promise<SupportRequest[]> {
    const ids = documents.map(({ _id }) => _id);
    const answers =
      ids.length === 0 ? [] : await this.answers.find({ _id: { $in: ids } }).toArray();
    const answerOf = new Map(
      answers.map(({ _id, text, answeredAt, answeredBy }) => [
        _id,
        { text, answeredAt, answeredBy },
      ]),
    );
    return documents.map((document) => ({
      id: document._id,
      // Requests stored before grievances existed are questions.
      kind: document.kind ?? 'question',
      party: document.party ?? 'creator',
      accountId: document.accountId,
      name: document.name,
      email: document.email,
      phone: document.phone ?? null,
      subject: document.subject,
      message: document.message,
      dealId: document.dealId,
      deal: document.deal ?? null,
      createdAt: document.createdAt,
      answer: answerOf.get(document._id) ?? null,
    }));
  }
}

import { Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import mongoose, { type Model } from 'mongoose';
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

const OPTIONS = { versionKey: false, autoIndex: false, autoCreate: false } as const;

/** A request as stored; the fields added later are absent on older ones (see withAnswers). */
@Schema({ ...OPTIONS, collection: SUPPORT_REQUESTS_COLLECTION })
export class SupportRequestRecord {
  @Prop({ type: String, required: true }) _id!: string;
  /** Absent on requests stored before grievances existed (questions). */
  @Prop({ type: String }) kind?: SupportKind;
  /** The next three are absent on requests stored before brands could ask (creators'). */
  @Prop({ type: String }) party?: SupportParty;
  @Prop({ type: String }) phone?: string | null;
  @Prop({ type: Object }) deal?: SupportDealContext | null;
  @Prop({ type: String, required: true }) accountId!: string;
  @Prop({ type: String, required: true }) name!: string;
  @Prop({ type: String }) email!: string | null;
  @Prop({ type: String, required: true }) subject!: string;
  @Prop({ type: String, required: true }) message!: string;
  @Prop({ type: String }) dealId!: string | null;
  @Prop({ type: Date, required: true }) createdAt!: Date;
  /** Copied from the answer once it is stored, for the back-office's open/answered filter. */
  @Prop({ type: Date }) answeredAt?: Date | null;
}
export const SupportRequestSchema = SchemaFactory.createForClass(SupportRequestRecord);

/** One answer per request, `_id` the request's: the insert is the claim. */
@Schema({ ...OPTIONS, collection: SUPPORT_ANSWERS_COLLECTION })
export class SupportAnswerRecord {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: String, required: true }) accountId!: string;
  @Prop({ type: String, required: true }) text!: string;
  @Prop({ type: Date, required: true }) answeredAt!: Date;
  @Prop({ type: String, required: true }) answeredBy!: string;
}
export const SupportAnswerSchema = SchemaFactory.createForClass(SupportAnswerRecord);

type SupportRequestDocument = SupportRequestRecord;

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
  constructor(
    @InjectModel(SupportRequestRecord.name) private readonly requests: Model<SupportRequestRecord>,
    @InjectModel(SupportAnswerRecord.name) private readonly answers: Model<SupportAnswerRecord>,
  ) {
    super();
  }

  async add(request: NewSupportRequest): Promise<SupportRequest> {
    const id = new mongoose.Types.ObjectId().toHexString();
    await this.requests.create({ _id: id, ...request, answeredAt: null });
    return { id, ...request, answer: null };
  }

  async latest(limit: number): Promise<SupportRequest[]> {
    const documents = await this.requests
      .find({})
      .sort({ createdAt: -1 })
      .limit(limit)
      .lean<SupportRequestDocument[]>()
      .exec();
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
        .lean<SupportRequestDocument[]>()
        .exec(),
      this.requests.countDocuments(filter).exec(),
    ]);
    return { items: await this.withAnswers(documents), total };
  }

  async find(id: string): Promise<SupportRequest | null> {
    const document = await this.requests.findById(id).lean<SupportRequestDocument>().exec();
    return document ? ((await this.withAnswers([document]))[0] ?? null) : null;
  }

  async ofAccount(accountId: string, limit: number): Promise<SupportRequest[]> {
    const documents = await this.requests
      .find({ accountId })
      .sort({ createdAt: -1 })
      .limit(limit)
      .lean<SupportRequestDocument[]>()
      .exec();
    return this.withAnswers(documents);
  }

  async answer(request: SupportRequest, answer: SupportAnswer): Promise<boolean> {
    const stored = await insertedFirst(() =>
      this.answers.create({ _id: request.id, accountId: request.accountId, ...answer }),
    );
    if (stored) {
      await this.requests
        .updateOne({ _id: request.id }, { $set: { answeredAt: answer.answeredAt } })
        .exec();
    }
    return stored;
  }

  private async withAnswers(documents: SupportRequestDocument[]): Promise<SupportRequest[]> {
    const ids = documents.map(({ _id }) => _id);
    const answers =
      ids.length === 0
        ? []
        : await this.answers
            .find({ _id: { $in: ids } })
            .lean<SupportAnswerRecord[]>()
            .exec();
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

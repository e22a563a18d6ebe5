import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Deal, Milestone } from '../domain/deal.js';
import { DEFAULT_REVISION_ROUNDS } from '../domain/deal-terms.js';
import { type DisputeAnswer, PENDING_MONEY } from '../domain/milestone.js';

export const DEALS_COLLECTION = 'deals';

/**
 * A deal as stored: the domain object with `_id` for `id`, and the brand's name lower-cased. The
 * schema declares every top-level field (a compile-time check below keeps it so); the deal's
 * nested values (the brand party, deliverables, milestones, history, contract versions) are the
 * domain's own shapes, stored as they are (`Object`: no casting), their rules kept by the domain.
 */
@Schema({
  collection: DEALS_COLLECTION,
  versionKey: false,
  minimize: false,
  autoIndex: false,
  autoCreate: false,
})
export class DealRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  creatorId!: string;

  @Prop({ type: String, required: true })
  state!: Deal['state'];

  @Prop({ type: Number, required: true })
  version!: number;

  @Prop({ type: Number, required: true })
  revision!: number;

  @Prop({ type: String, required: true })
  title!: string;

  @Prop({ type: String })
  brief!: string;

  @Prop({ type: String })
  campaign!: string | null;

  @Prop({ type: Object, required: true })
  brand!: Deal['brand'];

  /** The brand's company name lower-cased: the brand filter's key. */
  @Prop({ type: String, required: true })
  brandKey!: string;

  @Prop({ type: [Object], required: true })
  deliverables!: Deal['deliverables'];

  @Prop({ type: [Object], required: true })
  milestones!: Deal['milestones'];

  @Prop({ type: Number, required: true })
  totalPaise!: number;

  @Prop({ type: Number })
  approvalWindowDays!: number;

  @Prop({ type: Number })
  revisionRounds!: number;

  @Prop({ type: Boolean })
  gstApplies!: boolean;

  @Prop({ type: String })
  gstin!: string | null;

  @Prop({ type: Date, required: true })
  createdAt!: Date;

  @Prop({ type: Date, required: true })
  updatedAt!: Date;

  @Prop({ type: Date })
  sentAt!: Date | null;

  @Prop({ type: Date })
  linkExpiresAt!: Date | null;

  @Prop({ type: [Object], required: true })
  history!: Deal['history'];

  @Prop({ type: [Object], required: true })
  contracts!: Deal['contracts'];

  @Prop({ type: Object })
  lastError!: Deal['lastError'];

  @Prop({ type: Object })
  cancellation?: Deal['cancellation'];

  @Prop({ type: Object })
  brandParty?: Deal['brandParty'];
}

export const DealSchema = SchemaFactory.createForClass(DealRecord);
DealSchema.index({ creatorId: 1, createdAt: -1 }, { name: 'creator_created' });
DealSchema.index({ creatorId: 1, state: 1, createdAt: -1 }, { name: 'creator_state_created' });
DealSchema.index({ state: 1, linkExpiresAt: 1 }, { name: 'state_link_expiry' });
DealSchema.index({ 'brand.contactMobile': 1, sentAt: -1 }, { name: 'brand_mobile_sent' });
DealSchema.index({ 'brand.contactEmail': 1, sentAt: -1 }, { name: 'brand_email_sent' });

/** A deal as stored. */
export type DealDocument = Omit<Deal, 'id'> & { _id: string; brandKey: string };

/** Fails to compile when the stored deal has a field the schema does not declare. */
type AllDeclared<Missing extends never> = Missing;
export type DealFieldsDeclared = AllDeclared<Exclude<keyof DealDocument, keyof DealRecord>>;

export function toDocument(deal: Deal): DealDocument {
  const { id, ...rest } = deal;
  return { _id: id, ...rest, brandKey: deal.brand.companyName.toLowerCase() };
}

export function toDeal(document: DealDocument): Deal {
  // brandKey is derived from the brand's name: not part of the domain object.
  const { _id, ...fields }: Omit<DealDocument, 'brandKey'> & { brandKey?: string } = document;
  delete fields.brandKey;
  // Deals stored before the money issue: their milestones pending, the default revision rounds.
  return {
    id: _id,
    ...fields,
    revisionRounds:
      (fields as { revisionRounds?: number }).revisionRounds ?? DEFAULT_REVISION_ROUNDS,
    milestones: fields.milestones.map(storedMilestone),
  };
}

/** A stored milestone with the money fields and dispute answer that older documents lack. */
function storedMilestone(milestone: Milestone): Milestone {
  const withMoney = { ...PENDING_MONEY, ...milestone };
  const { dispute } = withMoney;
  if (!dispute) return withMoney;
  const { answer } = dispute as { answer?: DisputeAnswer | null };
  return { ...withMoney, dispute: { ...dispute, answer: answer ?? null } };
}

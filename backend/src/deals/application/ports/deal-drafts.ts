import type { Deal } from '../../domain/deal.js';
import type { DealTermsInput } from '../../domain/deal-terms.js';

/** The creator a draft is made for, as the deals see them. */
export interface DraftCreator {
  readonly id: string;
  readonly name: string;
  readonly email: string;
}

/**
 * Another feature's way to start a creator's deal (a media kit's package request, #42): a draft
 * with the given terms, checked as the deal form's are; the creator edits and sends it.
 */
export abstract class DealDrafts {
  abstract execute(creator: DraftCreator, input: DealTermsInput): Promise<Deal>;
}

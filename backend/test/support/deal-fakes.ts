import { randomUUID } from 'node:crypto';
import type { Clock } from '../../src/common/application/clock.js';
import { CreatorLimits } from '../../src/deals/application/creator-limits.js';
import {
  CreatorLimitCounters,
  type CreatorLimitDecision,
} from '../../src/deals/application/ports/creator-limit-counters.js';
import { DealSettings } from '../../src/deals/application/ports/deal-settings.js';
import {
  ContractDocuments,
  type ContractDocumentKind,
  ContractPdfRenderer,
  type StoredContractDocument,
} from '../../src/deals/application/ports/contract-documents.js';
import {
  type BrandContact,
  type DealListQuery,
  type DealPage,
  DealRepository,
  type DealSummary,
} from '../../src/deals/application/ports/deal.repository.js';
import { UserDirectory } from '../../src/deals/application/ports/user-directory.js';
import type { ContractDocument } from '../../src/deals/domain/contract-template.js';
import type { Deal } from '../../src/deals/domain/deal.js';

/** Deals in a Map; `claim` compares state and revision like the Mongo adapter's filter. */
export class InMemoryDealRepository extends DealRepository {
  readonly deals = new Map<string, Deal>();

  nextId(): string {
    return randomUUID();
  }

  insert(deal: Deal): Promise<void> {
    this.deals.set(deal.id, deal);
    return Promise.resolve();
  }

  findById(id: string): Promise<Deal | undefined> {
    return Promise.resolve(this.deals.get(id));
  }

  findOwned(id: string, creatorId: string): Promise<Deal | undefined> {
    const deal = this.deals.get(id);
    return Promise.resolve(deal?.creatorId === creatorId ? deal : undefined);
  }

  claim(expected: Pick<Deal, 'id' | 'state' | 'revision'>, next: Deal): Promise<boolean> {
    const current = this.deals.get(expected.id);
    if (current?.state !== expected.state || current.revision !== expected.revision) {
      return Promise.resolve(false);
    }
    this.deals.set(next.id, next);
    return Promise.resolve(true);
  }

  list(query: DealListQuery): Promise<DealPage> {
    const all = [...this.deals.values()].filter(
      (deal) => deal.creatorId === query.creatorId && query.states.includes(deal.state),
    );
    const start = (query.page - 1) * query.pageSize;
    return Promise.resolve({ items: all.slice(start, start + query.pageSize), total: all.length });
  }

  summaries(creatorId: string): Promise<DealSummary[]> {
    return Promise.resolve(
      [...this.deals.values()]
        .filter((deal) => deal.creatorId === creatorId)
        .map((deal) => ({ ...deal, brandCompany: deal.brand.companyName })),
    );
  }

  boundToBrandAccount(brandId: string): Promise<Deal[]> {
    return Promise.resolve(
      [...this.deals.values()].filter(
        ({ brandParty }) => brandParty?.channel === 'account' && brandParty.brandId === brandId,
      ),
    );
  }

  private sentTo(deal: Deal, contact: BrandContact): boolean {
    const party =
      deal.brand.contactMobile === contact.mobile ||
      (contact.email !== undefined && deal.brand.contactEmail === contact.email);
    return party && deal.state !== 'draft' && deal.sentAt !== null;
  }

  sentToBrand(contact: BrandContact, limit: number): Promise<Deal[]> {
    return Promise.resolve(
      [...this.deals.values()]
        .filter((deal) => this.sentTo(deal, contact))
        .sort((a, b) => (b.sentAt?.getTime() ?? 0) - (a.sentAt?.getTime() ?? 0))
        .slice(0, limit)
        .map((deal) => ({ ...deal, history: [] })),
    );
  }

  findSentToBrand(id: string, contact: BrandContact): Promise<Deal | undefined> {
    const deal = this.deals.get(id);
    return Promise.resolve(deal && this.sentTo(deal, contact) ? deal : undefined);
  }

  anySentToMobile(mobile: string): Promise<boolean> {
    return Promise.resolve(
      [...this.deals.values()].some(
        (deal) => deal.brand.contactMobile === mobile && deal.sentAt !== null,
      ),
    );
  }

  dueForExpiry(creatorId: string | undefined, now: Date, limit: number): Promise<Deal[]> {
    return Promise.resolve(
      [...this.deals.values()]
        .filter(
          (deal) =>
            deal.state === 'sent' &&
            (creatorId === undefined || deal.creatorId === creatorId) &&
            deal.linkExpiresAt !== null &&
            deal.linkExpiresAt <= now,
        )
        .slice(0, limit),
    );
  }
}

export class InMemoryContractDocuments extends ContractDocuments {
  readonly documents = new Map<string, StoredContractDocument>();

  save(document: StoredContractDocument): Promise<void> {
    this.documents.set(`${document.dealId}:${String(document.version)}:${document.kind}`, document);
    return Promise.resolve();
  }

  find(
    dealId: string,
    version: number,
    kind: ContractDocumentKind,
  ): Promise<StoredContractDocument | undefined> {
    return Promise.resolve(this.documents.get(`${dealId}:${String(version)}:${kind}`));
  }
}

/** A "PDF" that is the contract's text; fails on demand. */
export class FakeContractPdfRenderer extends ContractPdfRenderer {
  failNext = false;
  readonly rendered: ContractDocument[] = [];

  render(document: ContractDocument): Promise<Uint8Array> {
    if (this.failNext) {
      this.failNext = false;
      return Promise.reject(new Error('font missing'));
    }
    this.rendered.push(document);
    return Promise.resolve(new TextEncoder().encode(JSON.stringify(document)));
  }
}

export class FakeUserDirectory extends UserDirectory {
  readonly users = new Map<string, { name: string; email: string }>();

  find(userId: string): Promise<{ name: string; email: string } | undefined> {
    return Promise.resolve(this.users.get(userId));
  }
}

class AllowingCounters extends CreatorLimitCounters {
  hit(): Promise<CreatorLimitDecision> {
    return Promise.resolve({ allowed: true, retryAfterSeconds: 1 });
  }
}

/** The creator's limits with counters that always allow (unit tests of other rules). */
export function allowingCreatorLimits(clock: Clock): CreatorLimits {
  return new CreatorLimits(
    new AllowingCounters(),
    new DealSettings(14, 'http://localhost:5173'),
    clock,
  );
}

import { Injectable } from '@nestjs/common';
import { LinkTokens, type LinkTokenRequest } from '../../link-tokens/link-tokens.contract.js';
import { personalLinkExpiry } from '../domain/personal-page.js';
import { PersonalPageLinks } from './ports/personal-page-links.js';

/**
 * Every e-mail to a person on the list carries a fresh link to their own page (#13): each
 * message gets its own 7-day, single-use 'personal-link' token, so one forwarded or leaked
 * e-mail opens the page once at most, and never after a week.
 */
@Injectable()
export class PersonalLinkIssuer {
  constructor(
    private readonly tokens: LinkTokens,
    private readonly links: PersonalPageLinks,
  ) {}

  async urlFor(entryId: string, now: Date): Promise<string> {
    return this.urlOf(await this.tokens.issue(this.requestFor(entryId, now)));
  }

  /** The token a personal link needs, for a caller that issues it with other tokens at once. */
  requestFor(entryId: string, now: Date): LinkTokenRequest {
    return {
      purpose: 'personal-link',
      subject: entryId,
      issuedAt: now,
      expiresAt: personalLinkExpiry(now),
    };
  }

  urlOf(token: string): string {
    return this.links.personalPageUrl(token);
  }

  /**
   * A fresh link for each entry (one bulk write, however many): the e-mails of an invite wave.
   * Answers the links by entry id.
   */
  async urlsFor(entryIds: readonly string[], now: Date): Promise<Map<string, string>> {
    const tokens = await this.tokens.issueMany(
      entryIds.map((entryId) => this.requestFor(entryId, now)),
    );
    return new Map(entryIds.map((entryId, index) => [entryId, this.urlOf(tokens[index] ?? '')]));
  }
}

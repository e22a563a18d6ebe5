/**
 * Who the brand of a deal is (DESIGN.md "who the brand is", ADR 0061): the contact e-mail and
 * mobile the creator types are invitations; the party that accepts proves one channel, and the
 * deal's money decisions belong to that party alone. Plain TypeScript.
 */

/** How a deal-review token was issued: mailed to an address, or minted for a brand account. */
export type LinkChannel =
  | { readonly channel: 'email'; readonly email: string }
  | { readonly channel: 'account'; readonly brandId: string };

/** The party that accepted the deal, as it proved itself. */
export type DealBrandParty =
  | { readonly channel: 'email'; readonly email: string }
  | { readonly channel: 'account'; readonly brandId: string; readonly mobile: string };

/** A deal-review token's subject, parsed: the deal, its version and the channel it went through. */
export interface ReviewSubject {
  readonly dealId: string;
  readonly version: number;
  readonly link: LinkChannel;
}

/**
 * The subject of a deal-review token: `<dealId>:<version>:email:<address>` or
 * `<dealId>:<version>:account:<brandId>`. Deal ids and brand ids hold no ':'.
 */
export function reviewSubjectOf(dealId: string, version: number, link: LinkChannel): string {
  const who = link.channel === 'email' ? link.email : link.brandId;
  return `${dealId}:${String(version)}:${link.channel}:${who}`;
}

/**
 * The one reading of a deal-review token's subject. A legacy subject (`<dealId>:<version>`, from
 * before channels were recorded) was always mailed to the deal's contact address: `legacyEmail`.
 * Undefined for anything else.
 */
export function parseReviewSubject(
  subject: string,
  legacyEmail: (dealId: string) => string | undefined = () => undefined,
): ReviewSubject | undefined {
  const [dealId = '', versionText = '', channel, ...rest] = subject.split(':');
  const version = Number(versionText);
  if (dealId === '' || !Number.isInteger(version) || version < 1) return undefined;
  const who = rest.join(':');
  if (channel === undefined) {
    const email = legacyEmail(dealId);
    return email === undefined ? undefined : { dealId, version, link: { channel: 'email', email } };
  }
  if (who === '') return undefined;
  if (channel === 'email') return { dealId, version, link: { channel: 'email', email: who } };
  if (channel === 'account') return { dealId, version, link: { channel: 'account', brandId: who } };
  return undefined;
}

/** The deal id of a subject, whatever its form (to look the deal up before parsing the rest). */
export function dealIdOfSubject(subject: string): string {
  return subject.split(':')[0] ?? '';
}

/** The party a link proves, once it accepts: the address it was mailed to, or the account. */
export function partyProvenBy(link: LinkChannel, mobile: string): DealBrandParty {
  return link.channel === 'email'
    ? { channel: 'email', email: link.email }
    : { channel: 'account', brandId: link.brandId, mobile };
}

/** Whether a link issued through `link` speaks for `party`. */
export function speaksFor(link: LinkChannel, party: DealBrandParty): boolean {
  return link.channel === 'email'
    ? party.channel === 'email' && party.email === link.email
    : party.channel === 'account' && party.brandId === link.brandId;
}

/** How the history names a brand's act, as proven: `email:<address>` or `brand:<accountId>`. */
export function actorOf(link: LinkChannel | DealBrandParty): string {
  return link.channel === 'email' ? `email:${link.email}` : `brand:${link.brandId}`;
}

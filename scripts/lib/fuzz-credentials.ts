/**
 * What the API fuzzing (scripts/fuzz.ts) seeds before Schemathesis runs: the accounts the hooks
 * sign in as, and real tokens and codes (waitlist links, invite codes, brand review links) read
 * from the e-mails the API queued, written to the credentials file scripts/fuzz/hooks.py reads.
 */
import { writeFile } from 'node:fs/promises';
import { MongoClient, type Collection } from 'mongodb';
import type { IdentityProvider } from './identity-provider.ts';
import { waitUntil } from './processes.ts';

/** People who have not signed up yet, for the register bodies that get a real ID token. */
const NEW_ACCOUNTS = 100;
/** People on the waitlist whose real confirmation tokens the confirmation bodies get. */
const WAITLIST_PEOPLE = 40;
/** People invited before the run, whose real invite codes part of the invite lookups get. */
const INVITED_PEOPLE = 5;
/** Deals the demo creator sends before the run: their brand links go into part of the review bodies. */
const SENT_DEALS = 12;
/** The admin the hooks sign in as for the admin operations (listed in ADMIN_EMAILS). */
export const FUZZ_ADMIN = {
  sub: 'fuzz-admin',
  email: 'fuzz.admin@paylock.test',
  name: 'Fuzz Admin',
};

/**
 * Signs up the provider's demo identity (the account the hooks sign in as) and writes the ID
 * tokens the hooks put into register and login bodies, with the waitlist links and invite codes.
 */
export async function writeCredentials(
  apiUrl: string,
  provider: IdentityProvider | undefined,
  apiDatabaseUri: string,
  credentialsFile: string,
): Promise<void> {
  if (!provider) throw new Error('The identity provider is not running.');
  const existingAccount = await provider.issueIdToken();
  const signUp = await post(apiUrl, '/auth/register', { credential: existingAccount });
  if (signUp.status !== 201) {
    throw new Error(
      `Signing up the demo account answered ${signUp.status}: ${await signUp.text()}`,
    );
  }
  const { accessToken: creatorToken } = (await signUp.json()) as { accessToken: string };
  const adminAccount = await provider.issueIdToken(FUZZ_ADMIN);
  const adminSignUp = await post(apiUrl, '/auth/register', { credential: adminAccount });
  if (adminSignUp.status !== 201) {
    throw new Error(`Signing up the fuzz admin answered ${adminSignUp.status}`);
  }
  const newAccounts = await Promise.all(
    Array.from({ length: NEW_ACCOUNTS }, (_, index) =>
      provider.issueIdToken({
        sub: `fuzz-creator-${index}`,
        email: `fuzz.creator.${index}@paylock.test`,
        name: `Fuzz Creator ${index}`,
      }),
    ),
  );
  const { accessToken: adminToken } = (await adminSignUp.json()) as { accessToken: string };
  const client = await new MongoClient(apiDatabaseUri, {
    serverSelectionTimeoutMS: 5_000,
  }).connect();
  try {
    const outbox: Outbox = client.db().collection('outbox');
    // Half of their tokens the fuzzer confirms for the first time, the rest again
    // (alreadyConfirmed): both 200 answers checked. The personal-page links (#13): the hooks open
    // sessions with some and send the rest to POST /extra/waitlist/me/session.
    const waitlist = await joinWaitlist(apiUrl, outbox, WAITLIST_PEOPLE, 'Person', '8');
    const inviteCodes = await inviteSomeone(apiUrl, outbox, adminToken);
    const dealReviewTokens = await sendDeals(apiUrl, outbox, creatorToken);
    await writeFile(
      credentialsFile,
      JSON.stringify({
        existingAccount,
        adminAccount,
        newAccounts,
        waitlist,
        inviteCodes,
        dealReviewTokens,
      }),
    );
  } finally {
    await client.close();
  }
}

/** The API's queued e-mails (no SMTP server in this run: they stay queued, with their links). */
type Outbox = Collection<{
  kind: string;
  to: { email: string };
  data: { confirmUrl?: string; personalUrl?: string; inviteUrl?: string; reviewUrl?: string };
}>;

/**
 * Real brand review links for part of the deal-review bodies (else every one would answer 404):
 * deals the demo creator creates and sends; the tokens are read from the queued brand e-mails.
 */
async function sendDeals(apiUrl: string, outbox: Outbox, creatorToken: string): Promise<string[]> {
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  await verifyPayoutProfile(apiUrl, creatorToken);
  for (let index = 0; index < SENT_DEALS; index++) {
    const created = await post(
      apiUrl,
      '/deals',
      {
        title: `Fuzz deal ${String(index)}`,
        brand: {
          companyName: 'Fuzz Brand',
          contactName: 'Fuzz Brand Contact',
          contactEmail: `fuzz.brand.${String(index)}@paylock.test`,
          contactMobile: '9876543210',
        },
        deliverables: [
          {
            platform: 'instagram',
            kind: 'reel',
            quantity: 1,
            dueDate: day(30),
            usageRights: 'Organic',
            usagePeriodDays: 30,
          },
        ],
        milestones: [
          { name: 'Live', releaseCondition: 'Reel live', amountPaise: 500000, dueDate: day(30) },
        ],
        totalPaise: 500000,
      },
      creatorToken,
    );
    if (created.status !== 201) throw new Error(`Creating a deal answered ${created.status}`);
    const { id } = (await created.json()) as { id: string };
    const sent = await post(apiUrl, `/deals/${id}/send`, {}, creatorToken);
    if (sent.status !== 200) throw new Error(`Sending a deal answered ${sent.status}`);
  }
  const mails = await outbox.find({ kind: 'deal-review-request' }).toArray();
  return mails.map(({ data }) => linkParam(data.reviewUrl, 'token')).filter(Boolean);
}

/** Saves the demo creator's payout profile and waits until the local gateway has verified it. */
async function verifyPayoutProfile(apiUrl: string, creatorToken: string): Promise<void> {
  const account = '50100123456789';
  const saved = await fetch(`${apiUrl}/api/v1/payout-profile`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${creatorToken}` },
    body: JSON.stringify({
      legalName: 'Fuzz Creator',
      pan: 'ABCPE1234F',
      phone: '9876543210',
      accountNumber: account,
      accountNumberConfirmation: account,
      ifsc: 'HDFC0000001',
      upiId: null,
      gstin: null,
    }),
  });
  if (saved.status !== 200) throw new Error(`Saving the payout profile answered ${saved.status}`);
  await waitUntil(
    'The payout profile',
    async () => {
      const profile = await fetch(`${apiUrl}/api/v1/payout-profile`, {
        headers: { Authorization: `Bearer ${creatorToken}` },
      });
      return ((await profile.json()) as { status?: string }).status === 'verified';
    },
    30_000,
  );
}

/**
 * Real invite codes for part of the invite lookups (else every lookup would answer 404): people
 * who join and confirm, invited by the fuzz admin; the codes are read from the queued e-mails.
 */
async function inviteSomeone(
  apiUrl: string,
  outbox: Outbox,
  adminToken: string,
): Promise<string[]> {
  const { tokens } = await joinWaitlist(apiUrl, outbox, INVITED_PEOPLE, 'Invited', '7');
  for (const token of tokens) {
    const confirmed = await post(apiUrl, '/extra/waitlist/confirmations', { token });
    if (confirmed.status !== 200) throw new Error(`Confirming answered ${confirmed.status}`);
  }
  const wave = await post(apiUrl, '/admin/invites/next', { count: INVITED_PEOPLE }, adminToken);
  if (wave.status !== 200) throw new Error(`Inviting answered ${wave.status}`);
  const invites = await outbox.find({ kind: 'early-access-invite' }).toArray();
  const codes = invites.map(({ data }) => linkParam(data.inviteUrl, 'invite'));
  if (codes.length !== INVITED_PEOPLE) {
    throw new Error(`Expected ${INVITED_PEOPLE} invite e-mails, found ${codes.length}.`);
  }
  return codes;
}

/**
 * Joins `count` people (for the name 'Person' and the phone prefix '8': Fuzz Person 0,
 * fuzz.person.0@paylock.test, 8000000000, …) and reads, with one outbox query, the tokens of the
 * confirmation and personal-page links in their confirmation e-mails, in the order they joined.
 */
async function joinWaitlist(
  apiUrl: string,
  outbox: Outbox,
  count: number,
  name: string,
  phonePrefix: string,
) {
  const id = name.toLowerCase();
  const people = Array.from({ length: count }, (_, index) => ({
    fullName: `Fuzz ${name} ${index}`,
    email: `fuzz.${id}.${index}@paylock.test`,
    phoneNumber: `${phonePrefix}${String(index).padStart(9, '0')}`,
    instagramHandle: `fuzz_${id}_${index}`,
    userType: 'influencer',
  }));
  for (const person of people) {
    const joined = await post(apiUrl, '/extra/waitlist', person);
    if (joined.status !== 201) {
      throw new Error(`Joining the waitlist answered ${joined.status}: ${await joined.text()}`);
    }
  }
  const emails = people.map(({ email }) => email);
  const mails = await outbox
    .find({ kind: 'waitlist-confirmation', 'to.email': { $in: emails } })
    .toArray();
  const linksTo = new Map(mails.map(({ to, data }) => [to.email, data]));
  const links = emails.map((email) => linksTo.get(email) ?? {});
  const tokens = links.map(({ confirmUrl }) => linkParam(confirmUrl, 'token'));
  if (tokens.includes('')) {
    const found = tokens.filter(Boolean).length;
    throw new Error(`Expected ${count} confirmation links in the outbox, found ${found}.`);
  }
  return {
    tokens,
    personalTokens: links.map(({ personalUrl }) => linkParam(personalUrl, 'token')).filter(Boolean),
    people: people.map(({ email, phoneNumber }) => ({ email, phoneNumber })),
  };
}

/** POSTs a JSON body to the API (route under /api/v1), with a bearer token when given. */
function post(apiUrl: string, route: string, body: object, token?: string): Promise<Response> {
  return fetch(`${apiUrl}/api/v1${route}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token && { Authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body),
  });
}

/** A query parameter of a link in a queued e-mail ('' when the link or parameter is missing). */
function linkParam(url: string | undefined, name: string): string {
  return url ? (new URL(url).searchParams.get(name) ?? '') : '';
}

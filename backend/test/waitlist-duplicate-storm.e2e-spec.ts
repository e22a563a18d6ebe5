import { createTestApp, type TestApp } from './support/create-test-app.js';

// 200 submissions at once: enough to race every step of a join; more only slows the suite.
const PEOPLE = 40;
const SUBMISSIONS_PER_PERSON = 5;

/** The same person typing their details a little differently each time. */
function submission(person: number, attempt: number) {
  const phone = `9${String(person).padStart(9, '0')}`;
  const phoneSpellings = [phone, ` ${phone} `, `${phone.slice(0, 5)} ${phone.slice(5)}`];
  const email = `creator${person}@example.com`;
  return {
    fullName: `Creator ${person}`,
    email: attempt % 2 === 0 ? email : ` ${email.toUpperCase()}`,
    phoneNumber: phoneSpellings[attempt % phoneSpellings.length],
    instagramHandle: `@creator_${person}`,
    userType: 'influencer',
  };
}

function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

interface Answer {
  person: number;
  status: number;
  body: object;
}

/** Every submission at once, spread over the given API instances in turn. */
async function storm(baseUrls: readonly string[]): Promise<Answer[]> {
  const submissions = shuffled(
    Array.from({ length: PEOPLE * SUBMISSIONS_PER_PERSON }, (_, i) => ({
      person: (i % PEOPLE) + 1,
      body: submission((i % PEOPLE) + 1, Math.floor(i / PEOPLE)),
    })),
  );
  return Promise.all(
    submissions.map(async ({ person, body }, i) => {
      const response = await fetch(`${baseUrls[i % baseUrls.length]}/api/v1/extra/waitlist`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { person, status: response.status, body: (await response.json()) as object };
    }),
  );
}

interface JoinedBody {
  data: { id: string; confirmationEmail: string };
}

/**
 * Exactly one entry per person, awaiting confirmation (no seat before it), one 201 per person, and
 * 200 "sent again" (or "not sent again", past the daily limit) for their other submissions: the
 * same phone and e-mail of an unconfirmed entry. Never a 409 or a 5xx.
 */
async function expectEachPersonStoredOnce(answers: Answer[], testApp: TestApp): Promise<void> {
  const statuses = new Set(answers.map(({ status }) => status));
  expect([...statuses].sort()).toEqual([200, 201]);
  const joined = answers.filter(({ status }) => status === 201);
  expect(joined.map(({ person }) => person).sort((a, b) => a - b)).toEqual(
    Array.from({ length: PEOPLE }, (_, i) => i + 1),
  );
  const idOf = new Map(joined.map(({ person, body }) => [person, (body as JoinedBody).data.id]));
  for (const { person, body } of answers.filter(({ status }) => status === 200)) {
    expect(['sent_again', 'not_sent_again']).toContain((body as JoinedBody).data.confirmationEmail);
    expect((body as JoinedBody).data.id).toBe(idOf.get(person));
  }

  const stored = await testApp.connection
    .collection<{ phone: string; status: string; seat?: number }>('waitlist_entries')
    .find()
    .toArray();
  expect(stored).toHaveLength(PEOPLE);
  expect(new Set(stored.map(({ phone }) => phone)).size).toBe(PEOPLE);
  expect(stored.every(({ status, seat }) => status === 'awaiting_confirmation' && !seat)).toBe(
    true,
  );
}

async function listeningApp(): Promise<{ testApp: TestApp; baseUrl: string }> {
  const testApp = await createTestApp({ env: { RATE_LIMIT_WAITLIST_PER_MINUTE: '100000' } });
  await testApp.app.listen(0, '127.0.0.1');
  return { testApp, baseUrl: await testApp.app.getUrl() };
}

describe('a storm of concurrent duplicate submissions', () => {
  let api: Awaited<ReturnType<typeof listeningApp>>;

  beforeAll(async () => {
    api = await listeningApp();
  });

  afterAll(async () => {
    await api.testApp.close();
  });

  it('stores each person exactly once, answering 201 once and 200 "sent again" after', async () => {
    await expectEachPersonStoredOnce(await storm([api.baseUrl]), api.testApp);
  }, 60_000);
});

describe('the same storm over two API instances sharing the database', () => {
  // Each instance has its own connection: only the database's unique indexes keep them from
  // storing a person twice.
  let first: Awaited<ReturnType<typeof listeningApp>>;
  let second: Awaited<ReturnType<typeof listeningApp>>;

  beforeAll(async () => {
    first = await listeningApp();
    second = await listeningApp();
  });

  afterAll(async () => {
    await second.testApp.close();
    await first.testApp.close();
  });

  it('still stores each person exactly once, answering 201 once and 200 "sent again" after', async () => {
    await expectEachPersonStoredOnce(await storm([first.baseUrl, second.baseUrl]), first.testApp);
  }, 60_000);
});

/**
 * The benchmark's yardstick: the same waitlist writes as the API with nothing else around it.
 * node:http and the plain MongoDB driver; the backend's own compiled domain code validates and
 * normalises (so both servers do exactly the same checks); the same unique indexes; the same
 * writes per new entry since places are confirmed by e-mail (ADR 0022) and every e-mail carries a
 * personal link (ADR 0023): the entry awaiting confirmation (one insert at a time in this process,
 * a duplicate key looked up to tell which of phone and e-mail is taken), the hashes of the
 * confirmation token and of the personal-link token (one write), and the confirmation e-mail in
 * the outbox.
 *
 * Usage: node bench/baseline-server.ts <port> <mongodb-uri>   (backend built first)
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createHash, randomBytes } from 'node:crypto';
import { MongoClient, ObjectId } from 'mongodb';

interface Application {
  fullName: { value: string };
  email: { value: string };
  phone: { national: string; e164: string };
  instagramHandle: { value: string };
  userType: string;
  privacyNoticeVersion: string;
}
interface Domain {
  parseWaitlistApplication(raw: unknown): Application;
  InvalidWaitlistApplicationError: new (...args: never[]) => Error & {
    fieldErrors: Record<string, string>;
  };
}

const PATH = '/api/v1/extra/waitlist';
const BODY_LIMIT_BYTES = 100 * 1024;
const DUPLICATE_KEY = 11000;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

const domain = (await import(
  new URL('../backend/dist/waitlist/domain/waitlist-application.js', import.meta.url).href
)) as Pick<Domain, 'parseWaitlistApplication'>;
const errors = (await import(
  new URL('../backend/dist/waitlist/domain/waitlist.errors.js', import.meta.url).href
)) as Pick<Domain, 'InvalidWaitlistApplicationError'>;

const [port = '3100', uri = 'mongodb://127.0.0.1:27017/paylock_bench_baseline'] =
  process.argv.slice(2);
const client = await new MongoClient(uri).connect();
const entries = client.db().collection('waitlist_entries');
const tokens = client.db().collection<{ _id: string } & Record<string, unknown>>('link_tokens');
const outbox = client.db().collection('outbox');
await entries.createIndexes([
  { key: { phone: 1 }, name: 'phone_unique', unique: true },
  { key: { email: 1 }, name: 'email_unique', unique: true },
]);
await outbox.createIndexes([{ key: { key: 1 }, name: 'key_unique', unique: true }]);
const LINK_MS = 72 * 3_600_000;

let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const result = queue.then(task);
  queue = result.catch(() => undefined);
  return result;
}

async function insertEntry(record: Record<string, unknown>): Promise<boolean> {
  try {
    await entries.insertOne(record);
    return true;
  } catch (error) {
    if ((error as { code?: unknown }).code === DUPLICATE_KEY) return false;
    throw error;
  }
}

type Outcome = { stored: true } | { conflict: 'PHONE' | 'EMAIL' };

async function store(application: Application): Promise<Outcome & { id: string }> {
  const id = new ObjectId();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + LINK_MS);
  const record = {
    _id: id,
    fullName: application.fullName.value,
    email: application.email.value,
    phone: application.phone.national,
    phoneE164: application.phone.e164,
    instagramHandle: application.instagramHandle.value,
    userType: application.userType,
    privacyNoticeVersion: application.privacyNoticeVersion,
    consentedAt: now,
    createdAt: now,
    status: 'awaiting_confirmation',
    confirmationExpiresAt: expiresAt,
    trapped: false,
    history: [
      { at: now, event: 'joined' },
      { at: now, event: 'confirmation-sent' },
    ],
  };
  if (!(await oneAtATime(() => insertEntry(record)))) {
    if (await entries.findOne({ phone: record.phone })) return { id: '', conflict: 'PHONE' };
    return { id: '', conflict: 'EMAIL' };
  }
  const [token, personalToken] = await issueTokens(id, now, {
    'waitlist-confirmation': expiresAt,
    'personal-link': new Date(now.getTime() + WEEK_MS),
  });
  await outbox.insertOne({
    key: `waitlist-confirmation:${id.toHexString()}:1`,
    kind: 'waitlist-confirmation',
    to: { email: record.email, name: record.fullName },
    data: {
      confirmUrl: `http://localhost/waitlist/confirm?token=${token}`,
      expiresInHours: '72',
      personalUrl: `http://localhost/waitlist/me?token=${personalToken}`,
    },
    status: 'queued',
    createdAt: now,
    nextAttemptAt: now,
  });
  return { id: id.toHexString(), stored: true };
}

/** Random tokens for the links, their hashes stored in one write, as the API's LinkTokens does. */
async function issueTokens(subject: ObjectId, now: Date, expiries: Record<string, Date>) {
  const issued = Object.entries(expiries).map(([purpose, expiresAt]) => ({
    token: randomBytes(32).toString('base64url'),
    purpose,
    expiresAt,
  }));
  await tokens.insertMany(
    issued.map(({ token, purpose, expiresAt }) => ({
      _id: createHash('sha256').update(token).digest('hex'),
      purpose,
      subject: subject.toHexString(),
      issuedAt: now,
      expiresAt,
    })),
    { ordered: false },
  );
  return issued.map(({ token }) => token);
}

function send(response: ServerResponse, status: number, body: object): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > BODY_LIMIT_BYTES) throw new RangeError('body too large');
    chunks.push(chunk);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (request.method !== 'POST' || request.url !== PATH) {
    send(response, 404, { code: 'NOT_FOUND' });
    return;
  }
  let application: Application;
  try {
    application = domain.parseWaitlistApplication(await readJson(request));
  } catch (error) {
    if (error instanceof errors.InvalidWaitlistApplicationError) {
      send(response, 400, { code: 'VALIDATION_FAILED', errors: error.fieldErrors });
      return;
    }
    send(response, 400, { code: 'BAD_REQUEST' });
    return;
  }
  const outcome = await store(application);
  if ('conflict' in outcome) {
    send(response, 409, { code: `${outcome.conflict}_ALREADY_REGISTERED` });
    return;
  }
  send(response, 201, {
    success: true,
    message: 'Joined',
    data: { id: outcome.id, status: 'awaiting_confirmation', confirmationEmail: 'sent' },
  });
}

const server = createServer((request, response) => {
  handle(request, response).catch((error: unknown) => {
    console.error(error);
    send(response, 500, { code: 'INTERNAL_ERROR' });
  });
});
server.listen(Number(port), '127.0.0.1', () => {
  console.log(`baseline listening on http://127.0.0.1:${port}`);
});
process.once('SIGTERM', () => {
  server.close(); // requests still queued when a load run stops are stored before the client closes
  void queue.then(() => client.close());
});

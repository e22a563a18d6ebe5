/**
 * The benchmark's yardstick: the same waitlist insert as the API with nothing else around it.
 * node:http and the plain MongoDB driver; the backend's own compiled domain code validates and
 * normalises (so both servers do exactly the same checks); the same unique indexes; seats claimed
 * the same way (one insert at a time in this process, the next seat remembered, a duplicate key
 * looked up to tell a person already registered from a seat taken elsewhere).
 *
 * Usage: node bench/baseline-server.ts <port> <mongodb-uri>   (backend built first)
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
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
await entries.createIndexes([
  { key: { phone: 1 }, name: 'phone_unique', unique: true },
  { key: { email: 1 }, name: 'email_unique', unique: true },
  { key: { seat: 1 }, name: 'seat_unique', unique: true },
]);

let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const result = queue.then(task);
  queue = result.catch(() => undefined);
  return result;
}

let nextSeat: number | undefined;
async function highestSeat(): Promise<number> {
  const [highest] = await entries
    .find({}, { projection: { seat: 1 } })
    .sort({ seat: -1 })
    .limit(1)
    .toArray();
  return (highest?.seat as number | undefined) ?? 0;
}

async function insertAtNextSeat(record: Record<string, unknown>, fresh: boolean) {
  const seat = (fresh ? undefined : nextSeat) ?? (await highestSeat()) + 1;
  try {
    await entries.insertOne({ ...record, seat });
  } catch (error) {
    if ((error as { code?: unknown }).code === DUPLICATE_KEY) return undefined;
    nextSeat = undefined;
    throw error;
  }
  nextSeat = seat + 1;
  return seat;
}

type Outcome = { seat: number } | { conflict: 'PHONE' | 'EMAIL' };

async function store(application: Application): Promise<Outcome & { id: string }> {
  const id = new ObjectId();
  const record = {
    _id: id,
    fullName: application.fullName.value,
    email: application.email.value,
    phone: application.phone.national,
    phoneE164: application.phone.e164,
    instagramHandle: application.instagramHandle.value,
    userType: application.userType,
    privacyNoticeVersion: application.privacyNoticeVersion,
    consentedAt: new Date(),
  };
  for (let fresh = false; ; fresh = true) {
    const seat = await oneAtATime(() => insertAtNextSeat(record, fresh));
    if (seat !== undefined) return { id: id.toHexString(), seat };
    if (await entries.findOne({ phone: record.phone })) return { id: '', conflict: 'PHONE' };
    if (await entries.findOne({ email: record.email })) return { id: '', conflict: 'EMAIL' };
  }
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
    data: { id: outcome.id, seat: outcome.seat, earlyAccess: outcome.seat <= 1000 },
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

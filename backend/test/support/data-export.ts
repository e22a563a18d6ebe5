import request from 'supertest';
import { DataExportsWorker } from '../../src/account-data/infrastructure/data-exports-worker.js';
import { APP_ORIGIN } from './auth-flow.js';
import type { TestApp } from './create-test-app.js';
import { eventually } from './eventually.js';

export const DATA_EXPORTS = '/api/v1/account/data-exports';

export interface DataExportBody {
  id: string;
  state: 'preparing' | 'ready';
  requestedAt: string;
  readyAt: string | null;
  expiresAt: string | null;
  sizeBytes: number | null;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}`, Origin: APP_ORIGIN });

/** "Download my data" asked for: the 202's export. */
export async function askForDataExport(app: TestApp, token: string): Promise<DataExportBody> {
  const asked = await request(app.server).post(DATA_EXPORTS).set(bearer(token)).expect(202);
  return asked.body as DataExportBody;
}

export async function latestDataExport(
  app: TestApp,
  token: string,
): Promise<DataExportBody | null> {
  const answer = await request(app.server)
    .get(`${DATA_EXPORTS}/latest`)
    .set(bearer(token))
    .expect(200);
  return (answer.body as { latest: DataExportBody | null }).latest;
}

/** Drives the export worker (its own timer may have taken the export first) until it is ready. */
export async function dataExportReady(
  app: TestApp,
  token: string,
  id: string,
): Promise<DataExportBody> {
  let latest: DataExportBody | null = null;
  await eventually(
    async () => {
      await app.app.get(DataExportsWorker).runOnce();
      latest = await latestDataExport(app, token);
      return latest?.id === id && latest.state === 'ready';
    },
    { what: 'the data export to be ready', timeoutMs: 60_000, intervalMs: 100 },
  );
  return latest as unknown as DataExportBody;
}

/** The ZIP's bytes; an error's JSON body as an object (a test reads its `code`). */
function zipOrError(
  response: request.Response,
  done: (error: Error | null, body: Buffer | object) => void,
) {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => {
    const bytes = Buffer.concat(chunks);
    const json = String(response.headers['content-type']).startsWith('application/json');
    done(null, json ? (JSON.parse(bytes.toString('utf8')) as object) : bytes);
  });
}

/** Expects the answer refused with `status` and the error `code`. */
export async function expectRefused(test: request.Test, status: number, code: string) {
  const answer = await test.expect(status);
  expect(answer.body).toMatchObject({ code });
}

/** The download of export `id`: the whole response (a test checks its status and headers). */
export function downloadDataExport(app: TestApp, token: string, id: string): request.Test {
  return request(app.server)
    .get(`${DATA_EXPORTS}/${id}/archive`)
    .set(bearer(token))
    .buffer(true)
    .parse(zipOrError);
}

/** Asks for the caller's data, lets it be prepared, downloads it: the ZIP's bytes. */
export async function exportedArchive(app: TestApp, token: string): Promise<Uint8Array> {
  const { id } = await askForDataExport(app, token);
  await dataExportReady(app, token, id);
  const answer = await downloadDataExport(app, token, id).expect(200);
  return new Uint8Array(answer.body as Buffer);
}

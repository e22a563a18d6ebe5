import mongoose from 'mongoose';
import type { Answer } from './load-run.js';

/**
 * Prints what a fault test measured (latencies, flip and recovery times) when REPORT_FIGURES is
 * set, for docs/reliability.md; the tests themselves only assert the bounds.
 */
export function reportFigures(test: string, figures: Record<string, number | string>): void {
  if (process.env.REPORT_FIGURES) console.info(`${test}: ${JSON.stringify(figures)}`);
}

export interface StoredEntry {
  readonly _id: mongoose.Types.ObjectId;
  readonly phone: string;
  readonly email: string;
  readonly status?: string;
  readonly seat?: number;
}

async function withConnection<T>(
  uri: string,
  use: (connection: mongoose.Connection) => Promise<T>,
): Promise<T> {
  const connection = await mongoose
    .createConnection(uri, { serverSelectionTimeoutMS: 5000 })
    .asPromise();
  try {
    return await use(connection);
  } finally {
    await connection.close();
  }
}

/** Every waitlist entry in the database at `uri`, read with a connection of the test's own. */
export function storedWaitlistEntries(uri: string): Promise<StoredEntry[]> {
  return withConnection(uri, (connection) =>
    connection
      .collection<StoredEntry>('waitlist_entries')
      .find({}, { projection: { phone: 1, email: 1, status: 1, seat: 1 } })
      .toArray(),
  );
}

/** Starts a test from an empty database. */
export async function dropDatabase(uri: string): Promise<void> {
  await withConnection(uri, (connection) => connection.dropDatabase());
}

export interface JoinedBody {
  readonly data: { readonly id: string; readonly status: string };
}

/** The entries a load run was told were stored (201), by id. */
export function joinedAnswers(answers: readonly Answer[]): { answer: Answer; body: JoinedBody }[] {
  return answers
    .filter((answer) => answer.kind === 'join' && answer.status === 201)
    .map((answer) => ({ answer, body: answer.body as JoinedBody }));
}

/** Values that occur more than once. */
export function duplicates<T>(values: readonly T[]): T[] {
  const seen = new Set<T>();
  return values.filter((value) => (seen.has(value) ? true : (seen.add(value), false)));
}

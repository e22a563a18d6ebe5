const MONGODB_URI_PATTERN = /^(mongodb(?:\+srv)?:\/\/[^/?#]+)\/?([^?#]*)(.*)$/;

/** The part of a MongoDB URI naming the database ('' when absent). */
export function databaseNameOf(uri: string): string {
  return MONGODB_URI_PATTERN.exec(uri)?.[2] ?? '';
}

/** `mongodb://h/paylock_test?x` + `e2e_2` → `mongodb://h/paylock_test_e2e_2?x`. */
export function withDatabaseSuffix(uri: string, suffix: string): string {
  const match = MONGODB_URI_PATTERN.exec(uri);
  if (!match) throw new Error(`MONGODB_URI is not a MongoDB URI: ${uri}`);
  const [, hosts = '', name = '', options = ''] = match;
  return `${hosts}/${name ? `${name}_${suffix}` : suffix}${options}`;
}

export function assertTestDatabase(uri: string): void {
  const name = databaseNameOf(uri);
  if (!name.includes('test')) {
    throw new Error(
      `Refusing to run tests against database "${name}": its name must contain "test" ` +
        '(tests drop their databases).',
    );
  }
}

/**
 * The database of this Jest worker for one kind of test (`int`, `e2e`): derived from MONGODB_URI,
 * distinct per worker so parallel test files never share data, and always a "test" database.
 */
export function testDatabaseUri(kind: string): string {
  const baseUri = process.env.MONGODB_URI;
  if (!baseUri) throw new Error('MONGODB_URI is not set; run the tests through `npm test`.');
  const uri = withDatabaseSuffix(baseUri, `${kind}_${process.env.JEST_WORKER_ID ?? '1'}`);
  assertTestDatabase(uri);
  return uri;
}

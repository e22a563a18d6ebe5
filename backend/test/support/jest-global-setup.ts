/**
 * Runs once before the integration and e2e projects. Self-contained on purpose: Jest loads a
 * global setup outside its module registry, so relative `.js` imports would not resolve here.
 * Each suite's database is MONGODB_URI's name plus a suffix (see test-database.ts), so the base
 * name decides whether the derived names contain "test".
 */
export default function checkTestDatabase(): void {
  const baseUri = process.env.MONGODB_URI;
  if (!baseUri) {
    throw new Error(
      'MONGODB_URI is not set. Integration and e2e tests need a MongoDB-compatible server: run ' +
        '`npm test` from the repository root, or set MONGODB_URI=mongodb://host:port/paylock_test.',
    );
  }
  const databaseName = /^mongodb(?:\+srv)?:\/\/[^/?#]+\/?([^?#]*)/.exec(baseUri)?.[1] ?? '';
  if (!databaseName.includes('test')) {
    throw new Error(
      `Refusing to run: the test databases derived from MONGODB_URI's database "${databaseName}" ` +
        'would not contain "test" in their names, and tests drop their databases.',
    );
  }
}

/**
 * Resolves once the database connection has first opened. Start-up work that queries (a repair,
 * a worker's first pass, a scheduled job) waits for it instead of failing before the connection
 * exists; it never rejects, and stays pending while the database has never been reachable.
 */
export abstract class DatabaseReady {
  abstract whenReady(): Promise<void>;
}

import mongoose from 'mongoose';

const { mongo } = mongoose;

/** Driver errors that mean "the server cannot be reached right now", whatever the operation. */
const CONNECTIVITY_ERRORS = [
  mongo.MongoNetworkError, // includes MongoNetworkTimeoutError and MongoPoolClearedError
  mongo.MongoServerSelectionError,
  mongo.MongoNotConnectedError,
  mongo.MongoTopologyClosedError,
  mongo.MongoClientClosedError,
  mongo.MongoServerClosedError,
  mongoose.Error.MongooseServerSelectionError,
];

/** Server replies that mean "not now": shutting down, stepping down, not primary. */
const TRANSIENT_SERVER_CODES = new Set([91, 189, 10107, 11600, 11602, 13435, 13436]);

/**
 * The driver sometimes lets a raw socket error through when the server dies mid-operation
 * (EPIPE observed against a killed FerretDB). Checked on the thrown error only, not on causes,
 * so that e.g. a failed HTTP call wrapping ECONNREFUSED is not mistaken for the database.
 */
const SOCKET_ERROR_CODES = new Set([
  'EPIPE',
  'ECONNRESET',
  'ECONNREFUSED',
  'ETIMEDOUT',
  'ENOTCONN',
]);

/** Mongoose's own words for an operation on a connection that is not (yet) open. */
const NOT_CONNECTED_MESSAGE =
  /before initial connection is complete|connection .*(closed|destroyed)|not connected/i;

function isConnectivityError(error: Error): boolean {
  if (CONNECTIVITY_ERRORS.some((type) => error instanceof type)) return true;
  if (error instanceof mongo.MongoServerError) {
    return typeof error.code === 'number' && TRANSIENT_SERVER_CODES.has(error.code);
  }
  return error instanceof mongoose.Error && NOT_CONNECTED_MESSAGE.test(error.message);
}

/**
 * What `error` wraps. A failed bulk write (`insertMany`) wraps whatever stopped it, a lost
 * connection or a failed server selection included, as its `errorResponse`, not as its cause.
 */
function wrappedError(error: Error): unknown {
  if (error instanceof mongo.MongoBulkWriteError && error.errorResponse instanceof Error) {
    return error.errorResponse;
  }
  return error.cause;
}

/** True when `error`, or an error it wraps, says the database is unreachable (→ 503, not 500). */
export function isDatabaseUnavailableError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && SOCKET_ERROR_CODES.has(code)) return true;
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    if (isConnectivityError(current)) return true;
    current = wrappedError(current);
  }
  return false;
}

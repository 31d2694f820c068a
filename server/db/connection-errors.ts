/**
 * Whether an error means the database server could not be reached or dropped the connection
 * (a restart, a failover, `pg_terminate_backend`, the network), as opposed to a fault of the
 * statement itself: the same request may succeed once the server is back.
 */

/**
 * SQLSTATE class 08 (connection exception), the server shutting down or starting up, and too many
 * connections (53300).
 */
const CONNECTION_SQLSTATE = /^(08...|57P01|57P02|57P03|53300)$/;

/**
 * Codes that mean "no session" only when the server sends them instead of one (severity FATAL): a
 * database not accepting connections now (55000, `ALTER DATABASE … ALLOW_CONNECTIONS false`). On a
 * statement (severity ERROR: a sequence's currval not yet defined…) the same code is its own fault.
 */
const REFUSAL_SQLSTATE = new Set(['55000']);

const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** node-postgres's own messages for a connection that broke, timed out or was never made. */
const DRIVER_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;

export function isConnectionError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (CONNECTION_SQLSTATE.test(code) || SOCKET_CODES.has(code))) return true;
  if (typeof code === 'string' && REFUSAL_SQLSTATE.has(code) && (err as { severity?: unknown }).severity === 'FATAL')
    return true;
  if (DRIVER_MESSAGE.test(err.message)) return true;
  // A host name with several addresses (localhost: ::1 and 127.0.0.1) fails with one error per address.
  return err instanceof AggregateError && err.errors.some(isConnectionError);
}

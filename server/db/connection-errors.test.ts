/** Which errors mean "the database is away" (503, try again) rather than a fault of the statement (500). */
import net from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isConnectionError } from './connection-errors.js';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isConnectionError', () => {
  it('recognises a refused connection, as node-postgres reports it', async () => {
    // A port nobody listens on: bound, then released.
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    await new Promise((resolve) => server.close(resolve));
    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/test` });
    const err = await client.connect().then(
      () => null,
      (e: unknown) => e,
    );
    expect(isConnectionError(err)).toBe(true);
  });

  it('recognises dropped connections, timeouts, the server shutting down or starting up, and refusals', () => {
    for (const err of [
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      withCode('read ECONNRESET', 'ECONNRESET'),
      withCode('connect ETIMEDOUT', 'ETIMEDOUT'),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('terminating connection due to crash of another server process', '57P02'),
      withCode('the database system is starting up', '57P03'),
      withCode('connection failure', '08006'),
      withCode('sorry, too many clients already', '53300'),
      Object.assign(withCode('database "x" is not currently accepting connections', '55000'), { severity: 'FATAL' }),
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], 'connect failed'),
    ])
      expect(isConnectionError(err), err.message).toBe(true);
  });

  it('leaves faults of the statement or the data alone', () => {
    for (const err of [
      new Error('boom'),
      withCode('relation "nope" does not exist', '42P01'),
      withCode('duplicate key value violates unique constraint', '23505'),
      withCode('canceling statement due to statement timeout', '57014'),
      Object.assign(withCode('currval of sequence "s" is not yet defined in this session', '55000'), {
        severity: 'ERROR',
      }),
      'Connection terminated unexpectedly',
      null,
    ])
      expect(isConnectionError(err), String(err)).toBe(false);
  });
});

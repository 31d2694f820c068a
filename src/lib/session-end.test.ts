import { afterEach, describe, expect, it, vi } from 'vitest';
import { onlineManager } from '@tanstack/react-query';
import { apiGet } from '../api/client';
import { createQueryClient } from './query-client';
import { endSession, watchSession } from './session-end';
import { LOGGED_OUT, meQueryOptions } from '../api/session';
import { keys } from '../api/keys';

const ADMIN_ME = { logged_in: true, username: 'admin', role: 'admin' };
const USERS = ['staff', 'users'];
const ROSTER = ['current-display-names', { tag: 'TEAM1' }];

const stops: (() => void)[] = [];
afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

function loggedInClient() {
  const client = createQueryClient();
  client.setQueryData(keys.me, ADMIN_ME);
  client.setQueryData(USERS, [{ username: 'admin' }]);
  client.setQueryData(['staff', 'my-team-tag'], { tag: 'TEAM1' });
  client.setQueryData(ROSTER, [{ Username: 'a' }]);
  stops.push(watchSession(client));
  return client;
}

function stubFetch(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })),
  );
}

describe('the end of a staff session clears staff data', () => {
  it('on a 401 from any call', async () => {
    const client = loggedInClient();
    stubFetch(401, { error: 'Login required' });
    await expect(apiGet('/api/admin/audit-log')).rejects.toMatchObject({ status: 401 });
    expect(client.getQueryData(USERS)).toBeUndefined();
    expect(client.getQueryData(['staff', 'my-team-tag'])).toBeUndefined();
    expect(client.getQueryData(keys.me)).toEqual(LOGGED_OUT);
    expect(client.getQueryData(ROSTER)).toEqual([{ Username: 'a' }]);
  });

  it('but not on a wrong password at login', async () => {
    const client = loggedInClient();
    stubFetch(401, { error: 'Invalid username or password' });
    await expect(apiGet('/api/login')).rejects.toMatchObject({ status: 401 });
    expect(client.getQueryData(USERS)).toEqual([{ username: 'admin' }]);
  });

  it('when /api/me says the session expired', async () => {
    const client = loggedInClient();
    stubFetch(200, LOGGED_OUT);
    await client.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
    expect(client.getQueryData(USERS)).toBeUndefined();
  });

  it('when another tab logs out', async () => {
    const other = loggedInClient();
    const here = createQueryClient();
    here.setQueryData(keys.me, ADMIN_ME);
    endSession(here);
    await vi.waitFor(() => expect(other.getQueryData(USERS)).toBeUndefined());
    expect(other.getQueryData(keys.me)).toEqual(LOGGED_OUT);
  });
});

describe('the login state offline', () => {
  it('stays as it was when the server cannot be reached', async () => {
    const client = loggedInClient();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await client.fetchQuery({ ...meQueryOptions(), staleTime: 0, retry: false }).catch(() => undefined);
    expect(client.getQueryData(keys.me)).toEqual(ADMIN_ME);
    expect(client.getQueryData(USERS)).toEqual([{ username: 'admin' }]);
  });

  it('is logged out when the server answers with a failure', async () => {
    const client = loggedInClient();
    stubFetch(500, { error: 'boom' });
    await client.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
    expect(client.getQueryData(keys.me)).toEqual(LOGGED_OUT);
  });
});

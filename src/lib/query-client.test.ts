import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  type PersistedClient,
  type Persister,
} from '@tanstack/react-query-persist-client';
import { ApiError } from '../api/client';
import { createQueryClient, firstAnswers, persistOptions, PERSIST_MAX_AGE, restoreSavedQueries } from './query-client';
import { clearSessionData } from './session-end';
import { LOGGED_OUT } from '../api/session';
import { keys } from '../api/keys';

afterEach(() => vi.useRealTimers());

const ROSTER = ['current-display-names', { tag: 'TEAM1' }];
const USERS = ['staff', 'users'];
const ADMIN_ME = { logged_in: true, username: 'admin', role: 'admin' };

function memoryPersister(): Persister & { saved: PersistedClient | undefined } {
  const p = {
    saved: undefined as PersistedClient | undefined,
    persistClient: async (c: PersistedClient) => {
      p.saved = c;
    },
    restoreClient: async () => p.saved,
    removeClient: async () => {
      p.saved = undefined;
    },
  };
  return p;
}

/** Writes the cache the way the app does and reads back what was written. */
async function persisted(client: QueryClient, options: { defaultRule?: boolean } = {}): Promise<PersistedClient> {
  const persister = memoryPersister();
  const { dehydrateOptions, ...rest } = persistOptions(client, persister);
  await persistQueryClientSave({
    queryClient: client,
    ...rest,
    dehydrateOptions: options.defaultRule ? undefined : dehydrateOptions,
  });
  return persister.saved!;
}

async function persistedKeys(client: QueryClient): Promise<string[]> {
  return (await persisted(client)).clientState.queries.map((q) => JSON.stringify(q.queryKey)).sort();
}

/** A query that had data, then a refresh that failed: status "error" with the old data. */
async function failRefresh(client: QueryClient, key: unknown[]) {
  await client
    .fetchQuery({ queryKey: key, queryFn: () => Promise.reject(new ApiError(500, 'boom')), retry: false, staleTime: 0 })
    .catch(() => undefined);
}

describe('what the persisted cache keeps', () => {
  it('keeps a query whose refresh failed, with its data (TanStack alone would drop it)', async () => {
    const client = createQueryClient();
    client.setQueryData(ROSTER, [{ Username: 'a' }]);
    await failRefresh(client, ROSTER);
    const query = client.getQueryCache().find({ queryKey: ROSTER })!;
    expect(query.state.status).toBe('error');
    expect((await persisted(client, { defaultRule: true })).clientState.queries).toHaveLength(0);
    expect(await persistedKeys(client)).toEqual([JSON.stringify(ROSTER)]);
    expect((await persisted(client)).clientState.queries[0].state.data).toEqual([{ Username: 'a' }]);
  });

  it('never keeps a query that has no data', async () => {
    const client = createQueryClient();
    await failRefresh(client, ROSTER);
    expect(await persistedKeys(client)).toEqual([]);
  });

  it('keeps staff data while logged in, and drops it once the session has ended', async () => {
    const client = createQueryClient();
    client.setQueryData(keys.me, ADMIN_ME);
    client.setQueryData(USERS, [{ username: 'admin' }]);
    client.setQueryData(['staff', 'my-team-tag'], { tag: 'TEAM1' });
    client.setQueryData(ROSTER, []);
    expect(await persistedKeys(client)).toEqual(
      [
        JSON.stringify(keys.me),
        JSON.stringify(['staff', 'my-team-tag']),
        JSON.stringify(ROSTER),
        JSON.stringify(USERS),
      ].sort(),
    );

    // Logged out but the staff queries somehow still in memory: they are not written.
    client.setQueryData(keys.me, LOGGED_OUT);
    expect(await persistedKeys(client)).toEqual([JSON.stringify(keys.me), JSON.stringify(ROSTER)].sort());

    client.setQueryData(keys.me, ADMIN_ME);
    clearSessionData(client);
    expect(client.getQueryData(USERS)).toBeUndefined();
    expect(client.getQueryData(keys.me)).toEqual(LOGGED_OUT);
    expect(await persistedKeys(client)).toEqual([JSON.stringify(keys.me), JSON.stringify(ROSTER)].sort());
  });

  it('keeps queries in memory at least as long as on disk', () => {
    expect(createQueryClient().getDefaultOptions().queries?.gcTime).toBeGreaterThanOrEqual(PERSIST_MAX_AGE);
    expect(PERSIST_MAX_AGE).toBe(7 * 24 * 3600 * 1000);
  });
});

describe('how long the persisted cache lasts', () => {
  async function saveAndRestoreAfter(ms: number, buster?: string) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2026, 2, 1, 12));
    const persister = memoryPersister();
    const saved = createQueryClient();
    saved.setQueryData(ROSTER, [{ Username: 'a' }]);
    await persistQueryClientSave({ queryClient: saved, ...persistOptions(saved, persister) });
    vi.setSystemTime(Date.UTC(2026, 2, 1, 12) + ms);
    const restored = createQueryClient();
    await persistQueryClientRestore({
      queryClient: restored,
      ...persistOptions(restored, persister),
      ...(buster ? { buster } : {}),
    });
    return restored.getQueryData(ROSTER);
  }

  it('restores data saved six days ago', async () => {
    expect(await saveAndRestoreAfter(6 * 24 * 3600_000)).toEqual([{ Username: 'a' }]);
  });

  it('drops data saved more than a week ago', async () => {
    expect(await saveAndRestoreAfter(8 * 24 * 3600_000)).toBeUndefined();
  });

  it('drops data saved by another build', async () => {
    expect(await saveAndRestoreAfter(60_000, 'another-build')).toBeUndefined();
  });
});

describe('restoreSavedQueries', () => {
  it('restores the saved queries marked stale, then saves later changes', async () => {
    const persister = memoryPersister();
    const saved = createQueryClient();
    saved.setQueryData(ROSTER, [{ Username: 'a' }]);
    await persistQueryClientSave({ queryClient: saved, ...persistOptions(saved, persister) });

    const client = createQueryClient();
    await restoreSavedQueries(client, persister);
    expect(client.getQueryData(ROSTER)).toEqual([{ Username: 'a' }]);
    expect(client.getQueryState(ROSTER)?.isInvalidated).toBe(true);
    client.setQueryData(['teams'], ['TEAM1']);
    await vi.waitFor(() =>
      expect(persister.saved?.clientState.queries.map((q) => JSON.stringify(q.queryKey))).toContain('["teams"]'),
    );
  });

  it("after a drawn page: newer saved answers replace the page's, older do not, and the page's are saved at once", async () => {
    const persister = memoryPersister();
    const saved = createQueryClient();
    saved.setQueryData(ROSTER, [{ Username: 'saved, newer' }], { updatedAt: 2_000 });
    saved.setQueryData(['teams'], ['SAVED-OLDER'], { updatedAt: 1_000 });
    await persistQueryClientSave({ queryClient: saved, ...persistOptions(saved, persister) });

    // The page's own answers, hydrated before the saved ones are restored (main.tsx).
    const client = createQueryClient();
    client.setQueryData(ROSTER, [{ Username: 'drawn' }], { updatedAt: 1_500 });
    client.setQueryData(['teams'], ['DRAWN'], { updatedAt: 1_500 });
    client.setQueryData(['site'], { tz: 'America/Chicago' }, { updatedAt: 1_500 });
    await restoreSavedQueries(client, persister);
    expect(client.getQueryData(ROSTER)).toEqual([{ Username: 'saved, newer' }]);
    expect(client.getQueryData(['teams'])).toEqual(['DRAWN']);
    // Only the replaced answer is marked for revalidation; the page's keep their freshness.
    expect(client.getQueryState(ROSTER)?.isInvalidated).toBe(true);
    expect(client.getQueryState(['teams'])?.isInvalidated).toBe(false);
    // The page's answers reach the disk without waiting for a change.
    await vi.waitFor(() =>
      expect(persister.saved?.clientState.queries.map((q) => JSON.stringify(q.queryKey))).toContain('["site"]'),
    );
  });

  it('starts empty when the saved copy cannot be read', async () => {
    const persister = memoryPersister();
    persister.restoreClient = async () => {
      throw new Error('unreadable');
    };
    const client = createQueryClient();
    await restoreSavedQueries(client, persister);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});

describe('firstAnswers', () => {
  it('waits for a query without data until its answer comes', async () => {
    const client = createQueryClient();
    let answer: (rows: string[]) => void = () => undefined;
    void client.prefetchQuery({ queryKey: ['board'], queryFn: () => new Promise<string[]>((r) => (answer = r)) });
    let settled = false;
    const wait = firstAnswers(client, 10_000).then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBe(false);
    answer(['KYS']);
    await wait;
    expect(client.getQueryData(['board'])).toEqual(['KYS']);
  });

  it('gives up after the wait, and never waits for a query that has data', async () => {
    const client = createQueryClient();
    client.setQueryData(['saved'], 1);
    // Refreshing in the background (the answer never comes): not waited for.
    void client.prefetchQuery({
      queryKey: ['saved'],
      queryFn: () => new Promise<number>(() => undefined),
      staleTime: 0,
    });
    expect(client.getQueryState(['saved'])?.fetchStatus).toBe('fetching');
    await firstAnswers(client, 10_000);
    void client.prefetchQuery({ queryKey: ['slow'], queryFn: () => new Promise<number>(() => undefined) });
    const t0 = Date.now();
    await firstAnswers(client, 50);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(45);
  });
});

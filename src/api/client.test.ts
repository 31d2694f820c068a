import { afterEach, describe, expect, it, vi } from 'vitest';
import { onlineManager } from '@tanstack/react-query';
import { ApiError, apiGet, apiSend, apiUrl, shouldRetry } from './client';

afterEach(() => {
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

function stubFetch(status: number, body: string) {
  const fetchMock = vi.fn(async () => new Response(body, { status, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('api helpers', () => {
  it('builds query strings from the defined params only', () => {
    expect(apiUrl('/api/racer-info', { username: 'a b', page: 2, showbot: false, x: undefined })).toBe(
      '/api/racer-info?username=a+b&page=2&showbot=false',
    );
    expect(apiUrl('/api/team-tags')).toBe('/api/team-tags');
  });

  it('throws ApiError with the server error text and status', async () => {
    stubFetch(404, JSON.stringify({ error: 'Team ZZZ is not tracked' }));
    const err = await apiGet('/api/team-info', { tag: 'ZZZ' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(404);
    expect((err as ApiError).message).toBe('Team ZZZ is not tracked');
  });

  it('reports a failure without an error text by its status', async () => {
    stubFetch(500, '<html>Internal</html>');
    await expect(apiGet('/api/site')).rejects.toMatchObject({ status: 500, message: 'Request failed (500)' });
  });

  it('sends JSON bodies with same-origin credentials', async () => {
    const fetchMock = stubFetch(200, JSON.stringify({ success: true }));
    await expect(apiSend('POST', '/api/login', { username: 'a', password: 'b' })).resolves.toEqual({ success: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/login');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"username":"a","password":"b"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('never retries a 4xx, retries other failures at most twice', () => {
    expect(shouldRetry(0, new ApiError(404, 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError(500, 'x'))).toBe(true);
    expect(shouldRetry(1, new ApiError(0, 'x'))).toBe(true);
    expect(shouldRetry(2, new ApiError(503, 'x'))).toBe(false);
  });
});

describe('a request the server does not answer counts as offline', () => {
  const cases: [string, () => Promise<Response>][] = [
    ['the network fails', () => Promise.reject(new TypeError('Failed to fetch'))],
    [
      'a proxy says the server is down',
      async () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }),
    ],
    [
      'a captive portal answers with its own page',
      async () =>
        new Response('<html>Sign in to Wi-Fi</html>', { status: 200, headers: { 'Content-Type': 'text/html' } }),
    ],
  ];
  it.each(cases)('when %s', async (_, answer) => {
    vi.stubGlobal('fetch', vi.fn(answer));
    await expect(apiGet('/api/team-tags')).rejects.toMatchObject({ status: 0, message: 'You are offline' });
    expect(onlineManager.isOnline()).toBe(false);
  });

  it('and the next answer from the server is online again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await apiGet('/api/team-tags').catch(() => undefined);
    expect(onlineManager.isOnline()).toBe(false);
    stubFetch(404, JSON.stringify({ error: 'Team ZZZ is not tracked' }));
    await apiGet('/api/team-info', { tag: 'ZZZ' }).catch(() => undefined);
    expect(onlineManager.isOnline()).toBe(true);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiSend, apiUrl, shouldRetry } from './api';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(status: number, body: string) {
  const fetchMock = vi.fn(async () => new Response(body, { status, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('api helpers', () => {
  it('builds query strings from the defined params only', () => {
    expect(apiUrl('/api/racer-info', { username: 'a b', page: 2, showbot: false, x: undefined })).toBe('/api/racer-info?username=a+b&page=2&showbot=false');
    expect(apiUrl('/api/team-tags')).toBe('/api/team-tags');
  });

  it('throws ApiError with the server error text and status', async () => {
    stubFetch(404, JSON.stringify({ error: 'Team ZZZ is not tracked' }));
    const err = await apiGet('/api/team-info', { tag: 'ZZZ' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(404);
    expect((err as ApiError).message).toBe('Team ZZZ is not tracked');
  });

  it('reports a non-JSON failure by its status', async () => {
    stubFetch(502, '<html>Bad gateway</html>');
    await expect(apiGet('/api/site')).rejects.toMatchObject({ status: 502, message: 'Request failed (502)' });
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

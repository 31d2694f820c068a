/**
 * HTTP client for the game's team API: `GET {base}/teams/{TAG}` with browser-like headers and a
 * timeout, classifying the answer. 429, 403 and HTML challenge pages mean "back off"; the raw body
 * text is always kept for the caller.
 */

export const USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

export type FetchResult =
  | { kind: 'ok'; status: number; body: string }
  | { kind: 'rateLimited'; status: number; body: string; retryAfterMs: number | null; reason: string }
  | { kind: 'notFound'; status: number; body: string }
  | { kind: 'fail'; status: number; body: string }
  | { kind: 'error'; status: null; body: null; error: string; timedOut: boolean };

export interface FetchOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
}

export function teamUrl(base: string, tag: string): string {
  return `${base.replace(/\/+$/, '')}/teams/${encodeURIComponent(tag.toUpperCase())}`;
}

function looksLikeHtml(body: string, contentType: string | null): boolean {
  return (contentType ?? '').includes('text/html') || /^\s*</.test(body);
}

/** Retry-After as seconds or an HTTP date, in milliseconds; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : Math.max(0, t - now);
}

export async function fetchTeam(base: string, tag: string, opts: FetchOptions = {}): Promise<FetchResult> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs ?? 20_000);
  const onAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  if (opts.signal?.aborted) controller.abort();
  try {
    const res = await fetch(teamUrl(base, tag), {
      signal: controller.signal,
      redirect: 'follow',
      headers: {
        'User-Agent': USER_AGENT,
        Accept: 'application/json, text/plain, */*',
        'Accept-Language': 'en-US,en;q=0.9',
        'Cache-Control': 'no-cache',
      },
    });
    // The body is read under the same timeout: a stalled body is a timeout too.
    const body = await res.text();
    const status = res.status;
    const html = looksLikeHtml(body, res.headers.get('content-type'));
    if (status === 429 || status === 403 || (html && (status < 400 || status === 503))) {
      return {
        kind: 'rateLimited',
        status,
        body,
        retryAfterMs: parseRetryAfter(res.headers.get('retry-after')),
        reason: status === 429 ? 'HTTP 429' : status === 403 ? 'HTTP 403' : `HTML page (HTTP ${status})`,
      };
    }
    if (status === 404) return { kind: 'notFound', status, body };
    if (status < 200 || status >= 300) return { kind: 'fail', status, body };
    return { kind: 'ok', status, body };
  } catch (err) {
    const message = timedOut
      ? `timed out after ${opts.timeoutMs ?? 20_000} ms`
      : opts.signal?.aborted
        ? 'aborted'
        : (err as Error).message;
    const cause = (err as { cause?: { code?: string } }).cause?.code;
    return {
      kind: 'error',
      status: null,
      body: null,
      error: cause && !timedOut ? `${message} (${cause})` : message,
      timedOut,
    };
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

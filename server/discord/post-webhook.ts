/**
 * One real HTTP POST of a message to a webhook, and what Discord's answer means: sent, wait
 * (429 with `retry_after` in seconds, else a Retry-After header), try again later (5xx, network),
 * or give up (any other 4xx: the webhook is gone or refuses the message). Error texts never hold
 * the URL.
 */
import type { DiscordPayload } from './embeds.js';

export type PostOutcome =
  | { kind: 'sent' }
  | { kind: 'rate-limited'; retryAfterMs: number }
  | { kind: 'failed'; permanent: boolean; error: string };

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

const TIMEOUT_MS = 15_000;
/** A 429 without a readable wait. */
const DEFAULT_WAIT_MS = 5_000;

async function retryAfterMs(res: Response): Promise<number> {
  try {
    const body = (await res.json()) as { retry_after?: unknown };
    if (typeof body.retry_after === 'number' && Number.isFinite(body.retry_after) && body.retry_after >= 0) {
      return Math.ceil(body.retry_after * 1000);
    }
  } catch {
    // not JSON: fall back to the header
  }
  const header = Number(res.headers.get('retry-after'));
  return Number.isFinite(header) && header >= 0 && res.headers.has('retry-after')
    ? Math.ceil(header * 1000)
    : DEFAULT_WAIT_MS;
}

export async function postWebhook(
  url: string,
  payload: DiscordPayload,
  fetchImpl: FetchLike = fetch,
): Promise<PostOutcome> {
  let res: Response;
  try {
    res = await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'NT Team Stats (self-hosted)' },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (err) {
    const cause = (err as { cause?: { code?: unknown } }).cause;
    const code = typeof cause?.code === 'string' ? cause.code : (err as Error).name;
    return { kind: 'failed', permanent: false, error: `no answer (${code})` };
  }
  if (res.ok) {
    await res.body?.cancel();
    return { kind: 'sent' };
  }
  if (res.status === 429) return { kind: 'rate-limited', retryAfterMs: await retryAfterMs(res) };
  await res.body?.cancel();
  const permanent = res.status >= 400 && res.status < 500 && res.status !== 408;
  return { kind: 'failed', permanent, error: `Discord answered ${res.status}` };
}

/**
 * One real HTTP POST of a message to a webhook (`?wait=true`: Discord answers once the message
 * exists), and what came of it: sent (2xx); not taken, so safe to try again (a 5xx, a refused
 * connection, a DNS failure: nothing reached Discord or it said no); wait (429 with `retry_after`
 * in seconds, else a Retry-After header); refused for good (any other 4xx, a redirect); or
 * unknown (the request went out and no answer came: a timeout, a connection lost mid-way), which
 * may have been posted and must never be sent again blindly. Error texts never hold the URL.
 * `editWebhookMessage` PATCHes a message the webhook posted: idempotent, and 'gone' when Discord
 * answers that the message no longer exists (404, code 10008 Unknown Message).
 */
import type { DiscordPayload } from './embeds.js';

export type PostOutcome =
  | { kind: 'sent'; messageId?: string }
  | { kind: 'rate-limited'; retryAfterMs: number }
  | { kind: 'failed'; permanent: boolean; error: string }
  | { kind: 'unknown'; error: string };

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export const DEFAULT_TIMEOUT_MS = 15_000;
/** A 429 without a readable wait. */
const DEFAULT_WAIT_MS = 5_000;

/**
 * Network errors raised before a request can have been written: no connection was made (refused,
 * unreachable, no such host, connect timeout) or TLS refused the certificate. Anything else
 * (reset, socket closed, the timeout) may come after Discord got the message.
 */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

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

/** The network error codes under `err` (fetch wraps them in `cause`, happy eyeballs in `errors`). */
function errorCodes(err: unknown): string[] {
  if (typeof err !== 'object' || err === null) return [];
  const e = err as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string') return [e.code];
  if (Array.isArray(e.errors) && e.errors.length > 0) return e.errors.flatMap(errorCodes);
  return errorCodes(e.cause);
}

/** What a request that threw means: never taken when every cause is a connect-time error. */
function thrownOutcome(err: unknown, timeoutMs: number): PostOutcome {
  if ((err as Error).name === 'TimeoutError') {
    const waited = timeoutMs % 1000 === 0 ? `${timeoutMs / 1000} s` : `${timeoutMs} ms`;
    return { kind: 'unknown', error: `no answer in time (${waited})` };
  }
  const codes = errorCodes(err);
  if (codes.length > 0 && codes.every((c) => NOT_SENT_CODES.has(c))) {
    return { kind: 'failed', permanent: false, error: `not sent (${codes[0]})` };
  }
  return { kind: 'unknown', error: `connection lost before an answer (${codes[0] ?? (err as Error).name})` };
}

export function withWait(url: string): string {
  const u = new URL(url);
  u.searchParams.set('wait', 'true');
  return u.toString();
}

/** `<webhook>/messages/<id>`: the address of a message the webhook posted. */
export function messageUrl(url: string, messageId: string): string {
  const u = new URL(url);
  u.pathname = `${u.pathname.replace(/\/$/, '')}/messages/${encodeURIComponent(messageId)}`;
  return u.toString();
}

/** Discord's id of the posted message (`?wait=true` answers the message), when the body has one. */
async function postedId(res: Response): Promise<string | undefined> {
  try {
    const body = (await res.json()) as { id?: unknown };
    return typeof body.id === 'string' && /^\d{1,30}$/.test(body.id) ? body.id : undefined;
  } catch {
    return undefined;
  }
}

/** Discord's error code in a JSON answer (10008: Unknown Message). */
async function errorCode(res: Response): Promise<number | undefined> {
  try {
    const body = (await res.json()) as { code?: unknown };
    return typeof body.code === 'number' ? body.code : undefined;
  } catch {
    return undefined;
  }
}

const UNKNOWN_MESSAGE = 10008;

async function send(
  method: 'POST' | 'PATCH',
  target: string,
  payload: object,
  o: { fetch?: FetchLike; timeoutMs?: number },
): Promise<Response | PostOutcome> {
  const timeoutMs = o.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  try {
    return await (o.fetch ?? fetch)(target, {
      method,
      headers: { 'content-type': 'application/json', 'user-agent': 'NT Team Stats (self-hosted)' },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'manual',
    });
  } catch (err) {
    return thrownOutcome(err, timeoutMs);
  }
}

async function notTaken(res: Response): Promise<PostOutcome> {
  if (res.status === 429) return { kind: 'rate-limited', retryAfterMs: await retryAfterMs(res) };
  await res.body?.cancel();
  const permanent = res.status < 500 && res.status !== 408;
  return { kind: 'failed', permanent, error: `Discord answered ${res.status}` };
}

export async function postWebhook(
  url: string,
  payload: DiscordPayload,
  o: { fetch?: FetchLike; timeoutMs?: number } = {},
): Promise<PostOutcome> {
  const res = await send('POST', withWait(url), payload, o);
  if (!('status' in res)) return res;
  if (!res.ok) return notTaken(res);
  const messageId = await postedId(res);
  return messageId ? { kind: 'sent', messageId } : { kind: 'sent' };
}

export type EditOutcome = PostOutcome | { kind: 'gone' };

export async function editWebhookMessage(
  url: string,
  messageId: string,
  payload: DiscordPayload,
  o: { fetch?: FetchLike; timeoutMs?: number } = {},
): Promise<EditOutcome> {
  // An edit keeps the name the message was posted under: only the content changes.
  const edit = { embeds: payload.embeds, allowed_mentions: payload.allowed_mentions };
  const res = await send('PATCH', messageUrl(url, messageId), edit, o);
  if (!('status' in res)) return res;
  if (res.ok) {
    await res.body?.cancel();
    return { kind: 'sent' };
  }
  if (res.status === 404 && (await errorCode(res.clone())) === UNKNOWN_MESSAGE) {
    await res.body?.cancel();
    return { kind: 'gone' };
  }
  return notTaken(res);
}

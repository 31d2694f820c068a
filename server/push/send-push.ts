/**
 * One push message to one device: encrypted (aes128gcm) and signed (VAPID) by the `web-push`
 * library, sent as a real HTTP POST, and what came of it: sent (2xx); gone (404, 410: the device
 * unsubscribed, the subscription is removed); try again later (429, 5xx, no connection made);
 * refused for good (another 4xx, or keys no message can be encrypted for); or unknown (the
 * request went out and no answer came), never sent again. The payload is a declarative push message (iOS 18.4 shows it by itself), which the
 * service worker's push handler reads as well. Error texts never hold the endpoint.
 */
import webpush from 'web-push';
import type { ClaimedPush } from '../db/push-repo.js';
import type { VapidKeys } from './vapid-keys.js';

export type PushOutcome =
  | { kind: 'sent' }
  | { kind: 'gone'; status: number }
  | { kind: 'retry'; error: string; waitMs?: number }
  | { kind: 'failed'; error: string }
  | { kind: 'unknown'; error: string };

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export const PUSH_TIMEOUT_MS = 15_000;
/** How long a push service keeps a message for a device that is offline. */
export const PUSH_TTL_S = 24 * 3600;

/** The declarative push message (Push API, "declarative push message"): title, body, the screen, the badge. */
export function pushPayload(m: Pick<ClaimedPush, 'message' | 'appOrigin' | 'unseen' | 'kind'>): string {
  return JSON.stringify({
    web_push: 8030,
    notification: {
      title: m.message.title,
      body: m.message.body,
      navigate: new URL(m.message.path, m.appOrigin).toString(),
      lang: 'en',
      dir: 'ltr',
      tag: m.kind,
    },
    app_badge: String(m.unseen),
    // Lets the service worker's push handler show it (Safari runs the handler only then).
    mutable: true,
  });
}

const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);

function codeOf(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: unknown };
  if (typeof e?.code === 'string') return e.code;
  return e?.cause ? codeOf(e.cause) : undefined;
}

export async function sendPush(
  m: ClaimedPush,
  o: { keys: VapidKeys; subject: string; fetch?: FetchLike; timeoutMs?: number },
): Promise<PushOutcome> {
  let details: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    details = webpush.generateRequestDetails(
      { endpoint: m.endpoint, keys: { p256dh: m.p256dh, auth: m.auth } },
      pushPayload(m),
      {
        vapidDetails: { subject: o.subject, publicKey: o.keys.publicKey, privateKey: o.keys.privateKey },
        TTL: PUSH_TTL_S,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
      },
    );
  } catch {
    // Keys no message can be encrypted for (saved before they were checked as a P-256 point):
    // this message fails alone, the others of the pass go on. Its text holds no key.
    return { kind: 'failed', error: "the device's keys cannot encrypt a message" };
  }
  let res: Response;
  try {
    res = await (o.fetch ?? fetch)(details.endpoint, {
      method: 'POST',
      headers: details.headers as Record<string, string>,
      body: details.body ? new Uint8Array(details.body) : null,
      signal: AbortSignal.timeout(o.timeoutMs ?? PUSH_TIMEOUT_MS),
      redirect: 'manual',
    });
  } catch (err) {
    const code = codeOf(err);
    if (code && NOT_SENT.has(code)) return { kind: 'retry', error: `not sent (${code})` };
    if ((err as Error).name === 'TimeoutError') return { kind: 'unknown', error: 'no answer in time' };
    return { kind: 'unknown', error: `connection lost before an answer (${code ?? (err as Error).name})` };
  }
  await res.body?.cancel();
  if (res.ok) return { kind: 'sent' };
  if (res.status === 404 || res.status === 410) return { kind: 'gone', status: res.status };
  if (res.status === 429 || res.status >= 500) {
    const wait = Number(res.headers.get('retry-after'));
    return {
      kind: 'retry',
      error: `push service answered ${res.status}`,
      ...(res.headers.has('retry-after') && Number.isFinite(wait) && wait >= 0 ? { waitMs: wait * 1000 } : {}),
    };
  }
  return { kind: 'failed', error: `push service answered ${res.status}` };
}

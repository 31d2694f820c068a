/**
 * Which push subscriptions the server accepts: an https endpoint on a known push service (FCM,
 * Mozilla, Apple, Windows), or on an origin of PUSH_SERVICE_ORIGIN (tests). Anything else is
 * refused like a webhook URL that is not Discord's: the server would otherwise post to any
 * address a visitor names. The keys must be what a browser makes: a P-256 public key (a point on
 * the curve, 65 bytes) and a 16-byte auth secret, base64url.
 */
import crypto from 'node:crypto';

/** Push service hosts: exact names, and suffixes (a leading dot) for services with many hosts. */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '.push.apple.com',
  '.notify.windows.com',
];

function hostAllowed(host: string): boolean {
  return PUSH_SERVICE_HOSTS.some((h) => (h.startsWith('.') ? host.endsWith(h) && host.length > h.length : host === h));
}

/** The problem with `raw` as a push endpoint, or null when it is one. */
export function pushEndpointProblem(raw: string, extraOrigins: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'endpoint must be the address of a push service';
  }
  if (url.username || url.password || url.hash) return 'endpoint must be the address of a push service';
  if (extraOrigins.includes(url.origin)) return null;
  if (url.protocol !== 'https:' || url.port !== '' || !hostAllowed(url.hostname)) {
    return 'endpoint is not on a known push service (Google, Mozilla, Apple or Microsoft)';
  }
  return null;
}

const decoded = (s: string) => (/^[A-Za-z0-9_-]+=*$/.test(s) ? Buffer.from(s, 'base64url') : Buffer.alloc(0));

/** Whether `key` is an uncompressed point on P-256 (65 bytes starting 0x04 is not enough: it must lie on the curve). */
function onP256(key: Buffer): boolean {
  if (key.length !== 65 || key[0] !== 4) return false;
  try {
    crypto.ECDH.convertKey(key, 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

/** The problem with the subscription's keys, or null. */
export function pushKeysProblem(p256dh: string, auth: string): string | null {
  if (!onP256(decoded(p256dh))) return 'keys.p256dh must be a P-256 public key (base64url)';
  if (decoded(auth).length !== 16) return 'keys.auth must be a 16-byte secret (base64url)';
  return null;
}

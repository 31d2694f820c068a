/**
 * Login device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): a browser
 * that has logged in as a username keeps a cookie naming it and a random nonce, signed with a
 * server secret. A login attempt carrying a valid one for the username it tries is judged by that
 * device's own failures only (login-throttle.ts), so guesses from elsewhere never lock it out.
 * The signature also covers the account's password hash (never in the cookie): a new password,
 * whoever sets it, or an account deleted and made again, revokes every device cookie made before.
 */
import crypto from 'node:crypto';

export const DEVICE_COOKIE = 'nt_device';
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;
/** The secret's name in server_secrets. */
export const DEVICE_SECRET = 'device-cookie';

const who = (username: string) => Buffer.from(username.trim().toLowerCase()).toString('base64url');
const sign = (secret: string, body: string, passwordHash: string) =>
  crypto.createHmac('sha256', secret).update(body).update('\n').update(passwordHash).digest('base64url');

/**
 * A new device cookie value for `username`, whose password hash is `passwordHash`:
 * `<username>.<nonce>.<signature>`.
 */
export function newDeviceCookie(secret: string, username: string, passwordHash: string): string {
  const body = `${who(username)}.${crypto.randomBytes(16).toString('base64url')}`;
  return `${body}.${sign(secret, body, passwordHash)}`;
}

/**
 * The device's nonce when `value` is a cookie this server signed for `username` while its password
 * hash was `passwordHash` (the current one), else null.
 */
export function deviceNonce(
  secret: string,
  value: string | undefined,
  username: string,
  passwordHash: string,
): string | null {
  if (!value || value.length > 200) return null;
  const [user, nonce, signature, ...rest] = value.split('.');
  if (rest.length || !nonce || !signature || user !== who(username)) return null;
  const expected = Buffer.from(sign(secret, `${user}.${nonce}`, passwordHash));
  const given = Buffer.from(signature);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? nonce : null;
}

/** The server's VAPID key pair: made on first use, kept in server_secrets, the private half never leaves the server. */
import webpush from 'web-push';
import type { Queryable } from '../db/database.js';
import { storedSecret } from '../db/server-secrets-repo.js';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const kept = new WeakMap<Queryable, VapidKeys>();

export async function vapidKeys(q: Queryable): Promise<VapidKeys> {
  const known = kept.get(q);
  if (known) return known;
  const secret = await storedSecret(q, 'vapid-keys', () => JSON.stringify(webpush.generateVAPIDKeys()));
  const keys = JSON.parse(secret) as VapidKeys;
  kept.set(q, keys);
  return keys;
}

/**
 * Which hops of X-Forwarded-For to believe (TRUST_PROXY). The client address is the right-most
 * address that is not a trusted proxy: everything left of it was written by the client, who can
 * put anything there. X-Forwarded-Host and -Proto count only when the connection comes from a
 * trusted proxy (Fastify checks the socket's address with the same rule).
 */
import type { FastifyServerOptions } from 'fastify';

/**
 * false: no proxy, the socket's address is the client. A number: that many proxies in front (true
 * is 1). Text: the proxies' addresses or CIDR ranges, comma-separated ("127.0.0.1,10.0.0.0/8"),
 * or proxy-addr's names "loopback", "linklocal", "uniquelocal".
 */
export type TrustProxy = false | number | string;

export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = (value ?? '').trim();
  if (v === '' || /^(0|false|no)$/i.test(v)) return false;
  if (/^(true|yes)$/i.test(v)) return 1;
  if (/^\d+$/.test(v)) return Number(v);
  return v;
}

/** Fastify's trustProxy option: `(address, hop index)` for hop counts, where hop 0 is the socket. */
export function fastifyTrustProxy(trust: TrustProxy | true): FastifyServerOptions['trustProxy'] {
  if (trust === false) return false;
  const hops = trust === true ? 1 : trust;
  if (typeof hops === 'number') return (_address: string, hop: number) => hop < hops;
  return hops;
}

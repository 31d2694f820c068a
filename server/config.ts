/** Server configuration from the environment (see the README's configuration table). */
import path from 'node:path';
import { DEFAULT_SITE_TIMEZONE } from '../rules/site-time.js';
import { parseTrustProxy, type TrustProxy } from './http/proxy-trust.js';
import { passwordProblem } from '../contract/password-rules.js';
import { DEFAULT_CONCURRENCY, MAX_CONCURRENCY } from './collector/pacing.js';
import { DEFAULT_TIMEOUT_MS as DISCORD_TIMEOUT_MS } from './discord/post-webhook.js';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  trackedTeams: string[];
  gameApiBase: string;
  /** Concurrent requests of a collector run (COLLECT_CONCURRENCY, 1-16, default 4). */
  collectConcurrency: number;
  siteTimezone: string;
  siteChatUrl?: string;
  /** The site's public address (SITE_URL, else PUBLIC_URL) for absolute links in Discord posts. */
  siteUrl?: string;
  /** Where Discord webhook URLs may point (scheme and host); DISCORD_WEBHOOK_ORIGIN replaces the list. */
  discordWebhookOrigins: string[];
  /** How long a Discord POST waits for an answer before its outcome counts as unknown (15 s; tests shorten it). */
  discordTimeoutMs: number;
  /** Extra origins push endpoints may point at besides the known push services (PUSH_SERVICE_ORIGIN, comma-separated; tests). */
  pushServiceOrigins: string[];
  /** The contact push services see in the VAPID signature (PUSH_CONTACT, else SITE_URL when https). */
  pushContact: string;
  adminUsername?: string;
  adminPassword?: string;
  /**
   * Behind a reverse proxy: how many proxies (true is one) or which addresses to trust for
   * X-Forwarded-For / -Host / -Proto (server/http/proxy-trust.ts); false: none.
   */
  trustProxy: TrustProxy | true;
  /** Demo mode: no TRACKED_TEAMS, so the simulated community is backfilled and polled. */
  demo: boolean;
}

/** A setting that cannot work; start-up prints its message alone and stops. */
export class ConfigError extends Error {}

export const REAL_GAME_API_BASE = 'https://www.nitrotype.com/api/v2';

export function parseTags(s: string | undefined): string[] {
  return (s ?? '')
    .split(/[\s,]+/)
    .map((t) => t.trim().toUpperCase())
    .filter(Boolean);
}

export const DISCORD_ORIGINS = [
  'https://discord.com',
  'https://discordapp.com',
  'https://ptb.discord.com',
  'https://canary.discord.com',
];

function parseSiteUrl(s: string | undefined): string | undefined {
  if (!s) return undefined;
  let url: URL;
  try {
    url = new URL(s);
  } catch {
    throw new ConfigError(`SITE_URL must be an absolute http(s) address, got "${s}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new ConfigError(`SITE_URL must start with https:// or http://, got "${s}"`);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

function parseOrigin(s: string, name = 'DISCORD_WEBHOOK_ORIGIN', example = 'https://discord.com'): string {
  try {
    return new URL(s).origin;
  } catch {
    throw new ConfigError(`${name} must be an address such as ${example}, got "${s}"`);
  }
}

/** A mailto: or https: contact for the VAPID signature; push services refuse anything else. */
function pushContactOf(contact: string | undefined, siteUrl: string | undefined): string {
  if (contact) {
    if (!/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/.test(contact))
      throw new ConfigError(`PUSH_CONTACT must be mailto:someone@example.org or an https:// address, got "${contact}"`);
    return contact;
  }
  return siteUrl?.startsWith('https://') ? siteUrl : 'mailto:admin@nt-team-stats.invalid';
}

/** A whole number of concurrent game requests within 1..MAX_CONCURRENCY, or undefined when not a valid one. */
export function parseConcurrency(s: string): number | undefined {
  const n = Number(s);
  return /^\d+$/.test(s.trim()) && n >= 1 && n <= MAX_CONCURRENCY ? n : undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const trackedTeams = parseTags(env.TRACKED_TEAMS);
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ConfigError(`PORT must be a port number, got "${env.PORT}"`);
  const weak = env.ADMIN_PASSWORD ? passwordProblem(env.ADMIN_PASSWORD) : null;
  if (weak)
    throw new ConfigError(
      `ADMIN_PASSWORD is too weak: ${weak.replace(/^Password/, 'it')}. Choose a longer one, or unset it to have one generated.`,
    );
  const collectConcurrency = env.COLLECT_CONCURRENCY ? parseConcurrency(env.COLLECT_CONCURRENCY) : DEFAULT_CONCURRENCY;
  if (collectConcurrency === undefined)
    throw new ConfigError(
      `COLLECT_CONCURRENCY must be a whole number from 1 to ${MAX_CONCURRENCY}, got "${env.COLLECT_CONCURRENCY}"`,
    );
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    trackedTeams,
    gameApiBase: (env.GAME_API_BASE || REAL_GAME_API_BASE).replace(/\/+$/, ''),
    collectConcurrency,
    siteTimezone: env.SITE_TIMEZONE || DEFAULT_SITE_TIMEZONE,
    siteChatUrl: env.SITE_CHAT_URL || undefined,
    siteUrl: parseSiteUrl(env.SITE_URL || env.PUBLIC_URL),
    discordWebhookOrigins: env.DISCORD_WEBHOOK_ORIGIN ? [parseOrigin(env.DISCORD_WEBHOOK_ORIGIN)] : DISCORD_ORIGINS,
    discordTimeoutMs: DISCORD_TIMEOUT_MS,
    pushServiceOrigins: (env.PUSH_SERVICE_ORIGIN ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean)
      .map((o) => parseOrigin(o, 'PUSH_SERVICE_ORIGIN', 'http://127.0.0.1:4000')),
    pushContact: pushContactOf(env.PUSH_CONTACT || undefined, parseSiteUrl(env.SITE_URL || env.PUBLIC_URL)),
    adminUsername: env.ADMIN_USERNAME || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    demo: trackedTeams.length === 0,
  };
}

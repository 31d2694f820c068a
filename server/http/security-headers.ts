/**
 * Security headers on every answer (@fastify/helmet). The Content-Security-Policy fits the built
 * app: its scripts, styles, icons and service worker all come from the site itself, the API is
 * same-origin, exports download from blob: URLs (and a large Excel file is compressed in a blob: worker). The one inline script (the theme, and the taps
 * before the app runs: contract/boot-script.ts) is allowed by its hash; no foreign origin is needed.
 * `upgrade-insecure-requests` is left out, so a plain-HTTP LAN install keeps working.
 */
import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import { BOOT_SCRIPT } from '../../contract/boot-script.js';
import type { App } from './context.js';

export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'", `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  // The Excel writer compresses a large sheet in a worker it makes from a blob: URL (fflate).
  'worker-src': ["'self'", 'blob:'],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
  // No other site may show the app (or /admin) inside a frame.
  'frame-ancestors': ["'none'"],
};

/**
 * The policy as a header value with more sources for some directives: for one page that needs
 * them (the API docs' inline style, allowed by its hash), never site-wide.
 */
export function contentSecurityPolicyWith(
  extra: Partial<Record<keyof typeof CONTENT_SECURITY_POLICY, string[]>>,
): string {
  return Object.entries(CONTENT_SECURITY_POLICY)
    .map(([name, sources]) =>
      [name, ...sources, ...(extra[name as keyof typeof CONTENT_SECURITY_POLICY] ?? [])].join(' '),
    )
    .join(';');
}

export async function registerSecurityHeaders(app: App): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Browsers heed it over HTTPS only; subdomains of a self-hosted site are not ours to pin.
    strictTransportSecurity: { maxAge: 180 * 24 * 3600, includeSubDomains: false },
  });
}

/**
 * A Discord webhook URL: checked before it is stored (only the allowed origins, the
 * /api/webhooks/{id}/{token} path, nothing else), and masked to its last characters for answers.
 */

const PATH = /^\/api\/webhooks\/\d{5,30}\/[A-Za-z0-9_.-]{10,200}$/;

/** The problem with `raw` as a webhook URL, or null when it is one. */
export function webhookUrlProblem(raw: string, origins: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'url must be a Discord webhook address (https://discord.com/api/webhooks/...)';
  }
  if (!origins.includes(url.origin)) return `url must start with ${origins[0]}/api/webhooks/`;
  if (!PATH.test(url.pathname) || url.search || url.hash || url.username || url.password) {
    return 'url must be a Discord webhook address (https://discord.com/api/webhooks/<id>/<token>)';
  }
  return null;
}

/** The last 4 characters, all a screen may show of the secret. */
export function urlEnding(url: string): string {
  return url.slice(-4);
}

/** `text` with every occurrence of the webhook URL (and its token) replaced, for anything logged or stored. */
export function scrubbed(text: string, url: string): string {
  const token = url.split('/').pop() ?? '';
  let out = text.split(url).join('[webhook]');
  if (token.length >= 10) out = out.split(token).join('[token]');
  return out;
}

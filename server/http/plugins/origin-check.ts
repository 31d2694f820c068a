/**
 * Guard for every mutating request (POST, PUT, PATCH, DELETE): a body must be JSON, and a
 * request from another site is refused. JSON-only bodies force a CORS preflight on cross-site
 * requests; the Origin (or Sec-Fetch-Site) check refuses the rest. Callers without an Origin
 * header (curl, scripts) are let through: they carry no victim's cookie by accident.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../context.js';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function hasBody(request: FastifyRequest): boolean {
  const len = request.headers['content-length'];
  return (len !== undefined && len !== '0') || request.headers['transfer-encoding'] !== undefined;
}

/**
 * The hosts this request may legitimately come from: its Host, and `request.host`, which is the
 * X-Forwarded-Host of a trusted proxy (TRUST_PROXY) and otherwise the Host again: a client that
 * writes X-Forwarded-Host itself names no own host.
 */
function ownHosts(request: FastifyRequest): string[] {
  return [request.headers.host, request.host].filter((h): h is string => !!h).map(withoutDefaultPort);
}

/** URL drops :80 and :443 from an origin, a Host header may keep them. */
function withoutDefaultPort(host: string): string {
  return host.toLowerCase().replace(/:(80|443)$/, '');
}

export function isForeignOrigin(request: FastifyRequest): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  let host: string;
  try {
    host = withoutDefaultPort(new URL(origin).host);
  } catch {
    return true; // "null" (sandboxed frames, file://) or garbage
  }
  return !ownHosts(request).includes(host);
}

/** Every mutating request whatever its path: the router decodes `/%61pi/...` to an /api route. */
export async function checkMutation(request: FastifyRequest, reply: FastifyReply) {
  if (!MUTATING.has(request.method)) return;
  if (isForeignOrigin(request)) return reply.code(403).send({ error: 'Cross-site request refused' });
  if (hasBody(request)) {
    const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/json') return reply.code(415).send({ error: 'Request body must be JSON' });
  }
}

export function registerOriginCheck(app: App): void {
  app.addHook('onRequest', checkMutation);
}

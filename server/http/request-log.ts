/**
 * One log line per request at most, in place of Fastify's two ("incoming request", "request
 * completed"): a 5xx at error with its error when one was thrown (warn otherwise), a slow answer
 * (over SLOW_REQUEST_MS) at info, every other request at debug only. A line holds the method, the address (secret-looking
 * query values blanked), the status and the time taken; never a header, so never a cookie or an
 * authorization.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { App } from './context.js';

export const SLOW_REQUEST_MS = 1000;

const SECRET_PARAM = /token|secret|pass|key|sid|session|auth|signature|code/i;

/** The address with the value of every secret-looking query parameter replaced. */
export function loggedUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const name of new Set(params.keys())) {
    if (SECRET_PARAM.test(name)) params.set(name, 'redacted');
  }
  return `${url.slice(0, q)}?${params.toString()}`;
}

const failures = new WeakMap<FastifyRequest, FastifyError | Error>();

/** Called by the error handler instead of logging: the request's one line carries the error. */
export function noteRequestError(request: FastifyRequest, err: FastifyError | Error): void {
  failures.set(request, err);
}

/** A live stream's answer lasts as long as its viewer stays: long is not slow there. */
function isStream(reply: FastifyReply): boolean {
  return String(reply.getHeader('content-type') ?? '').startsWith('text/event-stream');
}

export function registerRequestLog(app: App): void {
  app.addHook('onResponse', async (request, reply) => {
    const ms = Math.round(reply.elapsedTime);
    const status = reply.statusCode;
    const fields = { method: request.method, url: loggedUrl(request.url), statusCode: status, responseTime: ms };
    const line = `${fields.method} ${fields.url} ${status} ${ms} ms`;
    const err = failures.get(request);
    if (status >= 500 && err) request.log.error({ ...fields, err }, line);
    else if (status >= 500) request.log.warn(fields, line);
    else if (ms > SLOW_REQUEST_MS && !isStream(reply)) request.log.info(fields, `${line} (slow)`);
    else request.log.debug(fields, line);
  });
}

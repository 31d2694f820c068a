/**
 * Refuses, before any route's validation, a body, query or path whose text holds a NUL character
 * or a lone surrogate (`unsafeTextPath` in contract/common.ts): PostgreSQL cannot store them, so
 * they would otherwise end as a 500, or as text that no longer reads back the same.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { UNSAFE_TEXT_ERROR, unsafeTextPath } from '../../../contract/common.js';
import type { App } from '../context.js';

export async function refuseUnsafeText(request: FastifyRequest, reply: FastifyReply) {
  for (const part of [request.params, request.query, request.body]) {
    const where = unsafeTextPath(part);
    if (where !== null)
      return reply.code(400).send({ error: where ? `${where}: ${UNSAFE_TEXT_ERROR}` : `Request ${UNSAFE_TEXT_ERROR}` });
  }
}

export function registerTextGuard(app: App): void {
  app.addHook('preValidation', refuseUnsafeText);
}

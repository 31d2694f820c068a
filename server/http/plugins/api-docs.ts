/**
 * API documentation built from the routes' own zod schemas and tags (OpenAPI 3 through
 * @fastify/swagger and fastify-type-provider-zod's transform): the document at /api/docs/json and
 * a plain readable page at /api/docs. Register before the routes, so every route is collected.
 */
import { createHash } from 'node:crypto';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { App } from '../context.js';
import { API_DOCS_CSS, renderApiDocsPage, type OpenApiDocument } from './api-docs-page.js';
import { SERVER_VERSION } from '../../ops/version.js';
import { contentSecurityPolicyWith } from '../security-headers.js';

/** The site's policy, plus the docs page's own inline style by its hash (nothing else inline). */
const DOCS_POLICY = contentSecurityPolicyWith({
  'style-src': [`'sha256-${createHash('sha256').update(API_DOCS_CSS).digest('base64')}'`],
});

export async function registerApiDocs(app: App): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'NT Team Stats API',
        version: SERVER_VERSION,
        description:
          'Public reads need no login. Staff calls need the `sid` session cookie from POST /api/login; ' +
          'mutations take JSON bodies only and check the Origin. Errors are `{ "error": "…" }`.',
      },
    },
    transform: jsonSchemaTransform,
    // HEAD twins of every GET would double the page without saying anything new.
    exposeHeadRoutes: false,
  });
  let page: string | undefined;
  app.get('/api/docs/json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/api/docs', { schema: { hide: true } }, async (_request, reply) => {
    page ??= renderApiDocsPage(app.swagger() as OpenApiDocument);
    return reply.header('Content-Security-Policy', DOCS_POLICY).type('text/html; charset=utf-8').send(page);
  });
}

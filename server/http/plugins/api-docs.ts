/**
 * API documentation built from the routes' own zod schemas and tags (OpenAPI 3 through
 * @fastify/swagger and fastify-type-provider-zod's transform): the document at /api/docs/json and
 * a plain readable page at /api/docs. Register before the routes, so every route is collected.
 */
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { App } from '../context.js';
import { renderApiDocsPage, type OpenApiDocument } from './api-docs-page.js';
import { SERVER_VERSION } from '../../ops/version.js';

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
    return reply.type('text/html; charset=utf-8').send(page);
  });
}

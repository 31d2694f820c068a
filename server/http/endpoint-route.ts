/**
 * Registers a route from its contract endpoint (contract/endpoint.ts): the method, the path
 * (relative to the `/api` prefix the route modules are registered under), the role check of its
 * `access` (onRequest, so a wrong caller gets 401/403 before validation) and the Fastify schema
 * of its params, query, body and answers, so validation, the 4xx `{ error }` messages and the
 * OpenAPI document come from the contract. The handler gets those schemas' types.
 */
import type {
  ContextConfigDefault,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteOptions,
  RouteShorthandOptions,
  onRequestHookHandler,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Access, Endpoint, ErrorMap, Method } from '../../contract/endpoint.js';
import type { App } from './context.js';
import { requireAdmin, requireStaff } from './plugins/auth.js';

/** The Fastify schema an endpoint stands for, as types (what the type provider reads). */
type SchemaOf<E> =
  E extends Endpoint<Method, string, infer Params, infer Query, infer Body, infer Ok, infer Errors extends ErrorMap>
    ? { params: Params; querystring: Query; body: Body; response: { 200: Ok } & Errors }
    : never;

export type EndpointHandler<E> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<E>,
  ZodTypeProvider
>;

/** Route options other than what the endpoint says (extra hooks, config). */
export type EndpointRouteOptions<E> = Omit<
  RouteShorthandOptions<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    SchemaOf<E>,
    ZodTypeProvider
  >,
  'schema'
>;

const ACCESS_HOOKS: Record<Access, onRequestHookHandler> = { staff: requireStaff, admin: requireAdmin };

export function route<E extends Endpoint>(app: App, e: E, handler: EndpointHandler<E>): void;
export function route<E extends Endpoint>(
  app: App,
  e: E,
  options: EndpointRouteOptions<E>,
  handler: EndpointHandler<E>,
): void;
export function route<E extends Endpoint>(
  app: App,
  e: E,
  optionsOrHandler: EndpointRouteOptions<E> | EndpointHandler<E>,
  maybeHandler?: EndpointHandler<E>,
): void {
  const [options, handler] =
    typeof optionsOrHandler === 'function' ? [{}, optionsOrHandler] : [optionsOrHandler, maybeHandler!];
  if (!e.path.startsWith(`${app.prefix}/`)) throw new Error(`${e.method} ${e.path} is not under ${app.prefix}`);
  const onRequest = [
    ...(e.access ? [ACCESS_HOOKS[e.access]] : []),
    ...([] as unknown[]).concat((options as RouteShorthandOptions).onRequest ?? []),
  ];
  const defined = <T extends object>(o: T) =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
  app.route({
    ...(options as RouteShorthandOptions),
    ...(onRequest.length ? { onRequest } : {}),
    config: { ...(options as RouteShorthandOptions).config, cache: e.cache },
    method: e.method,
    url: e.path.slice(app.prefix.length),
    schema: defined({
      tags: e.tags,
      summary: e.summary,
      description: e.description,
      params: e.params,
      querystring: e.query,
      body: e.body,
      response: { 200: e.ok, ...e.errors },
    }),
    handler,
  } as RouteOptions);
}

/**
 * One API call described once: method, path (`/api/...`, `:name` for a path parameter) and the zod
 * schemas of its parameters, query string, body and answers. The server registers its routes from
 * these (`server/http/endpoint-route.ts`), the app calls them through `src/api/client.ts`, and the
 * OpenAPI document (`/api/docs`) is built from the same schemas.
 */
import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Endpoint<
  M extends Method = Method,
  P extends string = string,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Ok extends z.ZodType = z.ZodType,
> {
  method: M;
  path: P;
  params?: Params;
  query?: Query;
  body?: Body;
  /** The success answer (200 unless `status` says otherwise). */
  ok: Ok;
  status?: 200 | 201 | 204;
  /** Error answers by status, each `{ error }` (contract/common.ts `ErrorResponse`). */
  errors?: Partial<Record<400 | 401 | 403 | 404 | 409 | 413 | 429 | 503, z.ZodType>>;
  /** OpenAPI grouping and one-line description. */
  tags?: string[];
  summary?: string;
}

/** Declares an endpoint, keeping its literal method, path and schema types for server and client. */
export function endpoint<
  const M extends Method,
  const P extends string,
  Params extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  Ok extends z.ZodType = z.ZodType,
>(e: Endpoint<M, P, Params, Query, Body, Ok>): Endpoint<M, P, Params, Query, Body, Ok> {
  return e;
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;

/** What a caller passes: the path parameters, query string and body its schemas accept. */
export type EndpointInput<E> =
  E extends Endpoint<Method, string, infer Params, infer Query, infer Body, z.ZodType>
    ? (Params extends z.ZodType ? { params: InputOf<Params> } : { params?: undefined }) &
        (Query extends z.ZodType ? { query: InputOf<Query> } : { query?: undefined }) &
        (Body extends z.ZodType ? { body: InputOf<Body> } : { body?: undefined })
    : never;

/** What a successful call answers. */
export type EndpointOutput<E> =
  E extends Endpoint<Method, string, never, never, never, infer Ok> ? z.output<Ok> : never;

/** The path with its `:name` parameters filled in (URI-encoded). */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? '')));
}

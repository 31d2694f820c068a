/**
 * One API call described once: method, path (`/api/...`, `:name` for a path parameter), who may
 * call it, and the zod schemas of its parameters, query string, body and answers. The server
 * registers its routes from these (`server/http/endpoint-route.ts`), the app calls them through its
 * typed client, and the OpenAPI document (`/api/docs`) is built from the same schemas.
 *
 * Convention: each endpoint is a constant in the contract file of its area (`contract/<area>.ts`),
 * beside its schemas, named for the call's purpose in camelCase: reads are nouns (`teamLeaderboard`,
 * `racerBatches`, `teamRoster`), writes start with a verb (`createEvent`, `updateEvent`,
 * `deleteEvent`, `markPayout`). Every `/api` route the server answers has exactly one.
 */
import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The statuses an endpoint may answer besides its success. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 503;
export type ErrorMap = Partial<Record<ErrorStatus, z.ZodType>>;

/** Who may call: logged-out callers get 401, other roles 403, before the input is validated. */
export type Access = 'staff' | 'admin';

/**
 * How the server shares a GET's answers among its callers (server/http/plugins/public-cache.ts):
 * `data`, one answer per data version (it reads stored data only); `minute`, per data version and
 * site minute (it reads the clock: rolling windows, "today", an event's status); `none`, never
 * (per caller, streaming, operational or staff answers). Every GET declares one.
 */
export type CachePolicy = 'data' | 'minute' | 'none';

export interface Endpoint<
  M extends Method = Method,
  P extends string = string,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Ok extends z.ZodType = z.ZodType,
  Errors extends ErrorMap = ErrorMap,
> {
  method: M;
  path: P;
  params?: Params;
  query?: Query;
  body?: Body;
  /** The success answer (HTTP 200). */
  ok: Ok;
  /** Other answers by status: `{ error }` (contract/common.ts `errorAnswers`), or as said. */
  errors?: Errors;
  /** Left out: anyone may call. */
  access?: Access;
  /** GET only, and required there: how its answers are shared; `none` when `access` is set. */
  cache?: CachePolicy;
  /** OpenAPI grouping, one-line summary and longer description. */
  tags?: string[];
  summary?: string;
  description?: string;
}

/** Declares an endpoint, keeping its literal method, path, schema and status types for server and client. */
export function endpoint<
  const M extends Method,
  const P extends string,
  Params extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  Ok extends z.ZodType = z.ZodType,
  Errors extends ErrorMap = Record<never, never>,
>(e: Endpoint<M, P, Params, Query, Body, Ok, Errors>): Endpoint<M, P, Params, Query, Body, Ok, Errors> {
  if ((e.method === 'GET') !== (e.cache !== undefined))
    throw new Error(`${e.method} ${e.path}: a GET declares its cache policy, and only a GET`);
  if (e.access && e.cache !== undefined && e.cache !== 'none')
    throw new Error(`${e.method} ${e.path}: a staff answer is never shared (cache: 'none')`);
  return e;
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;

/** What a caller passes: the path parameters, query string and body its schemas accept. */
export type EndpointInput<E> =
  E extends Endpoint<Method, string, infer Params, infer Query, infer Body, z.ZodType, ErrorMap>
    ? (Params extends z.ZodType ? { params: InputOf<Params> } : { params?: undefined }) &
        (Query extends z.ZodType ? { query: InputOf<Query> } : { query?: undefined }) &
        (Body extends z.ZodType ? { body: InputOf<Body> } : { body?: undefined })
    : never;

/** What a successful call answers. */
export type EndpointOutput<E> = E extends { ok: infer Ok extends z.ZodType } ? z.output<Ok> : never;

/** The path with its `:name` parameters filled in (URI-encoded). */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? '')));
}

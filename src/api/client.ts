/**
 * The typed client of the JSON API under /api: `call(route, { params, query, body })`, its input
 * and answer typed by the contract's endpoint (`EndpointInput`/`EndpointOutput`), with query
 * strings, JSON bodies and error texts. A request that gets no answer from the server reports the
 * app offline (lib/online.ts); a 401 tells the session listeners that the staff session is over.
 */
import { fillPath, type EndpointInput, type EndpointOutput, type Method } from '../../contract/endpoint';
import { OLDER_ANSWER_HEADER } from '../../contract/live-events';
import { isProxyFailure, isServerReply, reportReachable, reportUnreachable } from '../lib/online';

/** A failed call: the HTTP status (0 when the network failed) and the server's `error` text. */
export class ApiError extends Error {
  status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

export type QueryParams = Record<string, string | number | boolean | undefined>;

/** `/api/x` plus the defined params as a query string. */
export function apiUrl(path: string, params?: QueryParams): string {
  const url = path.startsWith('/') ? path : `/${path}`;
  if (!params) return url;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined) qs.set(k, String(v));
  }
  const s = qs.toString();
  return s ? `${url}?${s}` : url;
}

const OFFLINE_TEXT = 'You are offline';

/** Listeners of one kind of answer: `on` adds one and returns its unsubscribe, `emit` calls them all. */
function signal() {
  const listeners = new Set<() => void>();
  return {
    on: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit: () => listeners.forEach((listener) => listener()),
  };
}

const unauthorized = signal();
const olderAnswer = signal();

/** Calls `listener` whenever the server answers 401 (an expired or ended session); returns the unsubscribe. */
export const onUnauthorized = unauthorized.on;

/**
 * Calls `listener` whenever the server answers with older data while it computes the current
 * (`OLDER_ANSWER_HEADER`); returns the unsubscribe.
 */
export const onOlderAnswer = olderAnswer.on;

async function readResponse<T>(res: Response, path: string): Promise<T> {
  if (!isServerReply(res.status, res.headers.get('content-type'))) {
    reportUnreachable(isProxyFailure(res.status) ? 'proxy-failure' : 'not-the-server');
    throw new ApiError(0, OFFLINE_TEXT);
  }
  reportReachable();
  // A wrong password is the login form's business, not the end of a session.
  if (res.status === 401 && path !== '/api/login') unauthorized.emit();
  const text = await res.text();
  let body: unknown = undefined;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
  }
  if (!res.ok) {
    const error =
      body && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string'
        ? (body as { error: string }).error
        : `Request failed (${res.status})`;
    throw new ApiError(res.status, error);
  }
  if (text && body === undefined) throw new ApiError(res.status, 'Server error occurred');
  if (res.headers.get(OLDER_ANSWER_HEADER)) olderAnswer.emit();
  return body as T;
}

/** What sends the app's requests: the browser's fetch, or the server's own router when it draws a page (src/server-render.tsx). */
let send: typeof fetch = (input, init) => fetch(input, init);

export function sendRequestsWith(sender: typeof fetch): void {
  send = sender;
}

async function doFetch(url: string, init: RequestInit): Promise<Response> {
  try {
    return await send(url, { credentials: 'same-origin', ...init });
  } catch {
    reportUnreachable('none');
    throw new ApiError(0, OFFLINE_TEXT);
  }
}

/** GET a JSON document; throws ApiError with the server's `error` text on failure. */
export async function apiGet<T>(path: string, params?: QueryParams): Promise<T> {
  const res = await doFetch(apiUrl(path, params), { headers: { Accept: 'application/json' } });
  return readResponse<T>(res, path);
}

/** POST, PUT or DELETE with a JSON body; throws ApiError with the server's `error` text on failure. */
export async function apiSend<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const res = await doFetch(apiUrl(path), {
    method,
    headers:
      body === undefined
        ? { Accept: 'application/json' }
        : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return readResponse<T>(res, path);
}

/**
 * An endpoint as the app calls it: its method and path, checked by the compiler against the
 * contract's endpoint `E` (a type-only import: the contract's zod schemas stay out of the app's
 * bundle). Routes are listed in `./routes.ts`.
 */
export interface Route<E> {
  method: Method;
  path: string;
  /** Carries the endpoint's type only. */
  readonly endpoint?: E;
}

export function route<E extends { method: Method; path: string }>(method: E['method'], path: E['path']): Route<E> {
  return { method, path };
}

/** The body a route's endpoint accepts. */
export type BodyOf<R> = R extends Route<infer E> ? EndpointInput<E>['body'] : never;

type CallArgs<E> = object extends EndpointInput<E> ? [input?: EndpointInput<E>] : [input: EndpointInput<E>];

/** Calls an endpoint; throws ApiError with the server's `error` text on failure. */
export function call<E>(r: Route<E>, ...[input]: CallArgs<E>): Promise<EndpointOutput<E>> {
  const { params, query, body } = (input ?? {}) as { params?: object; query?: object; body?: unknown };
  const path = fillPath(r.path, params as Record<string, unknown> | undefined);
  if (r.method === 'GET') return apiGet<EndpointOutput<E>>(path, query as QueryParams | undefined);
  return apiSend<EndpointOutput<E>>(r.method, path, body);
}

/** Whether a query should be retried: never for a 4xx (the answer will not change), at most twice otherwise. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

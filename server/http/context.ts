/** What every route module receives: the database, the configuration and the clock. */
import type {
  FastifyInstance,
  FastifyBaseLogger,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';

export interface AppDeps {
  db: Database;
  config: Config;
  /** The current instant; tests pin it. */
  now: () => Date;
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A route module: registers the routes of one resource. */
export type RouteModule = (app: App, deps: AppDeps) => void | Promise<void>;

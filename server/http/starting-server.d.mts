import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export const STARTING_ERROR: string;
export const RETRY_AFTER_S: number;

export interface StartingInfo {
  /** The server's version (package.json). */
  version: string;
  databaseKind: 'pglite' | 'postgres';
  /** Why the start is waiting (the database not answering): health's `error` instead of "Starting up…". */
  waiting?: string;
}

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

export function answerStarting(req: IncomingMessage, res: ServerResponse, info: StartingInfo): void;

export interface StartingServer {
  server: Server;
  listen(port: number, host: string): Promise<void>;
  /** Why the start is waiting (health's `error`, a line on the page), or null when it no longer is. */
  waiting(reason: string | null): void;
  handOver(next: RequestHandler): void;
  close(graceMs?: number): Promise<void>;
}

export function startingServer(info: StartingInfo): StartingServer;

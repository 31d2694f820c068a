/**
 * In-memory cache of serialized JSON answers per (query key, data version), with ETag / 304.
 *
 * The data version (server/db/data-version.ts) is read on every request, so an answer is never
 * older than the last committed collector poll, even when the poll ran in another process; in this
 * process `onDataChanged` empties the cache at once. Identical requests that arrive together share
 * one computation. Least recently used entries go first when the byte budget is spent.
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.js';
import { onDataChanged, readDataVersion } from '../db/data-version.js';

export interface ResponseCacheOptions {
  /** Upper bound of cached JSON text, in UTF-16 code units (about bytes for ASCII JSON). */
  maxChars?: number;
}

export class ResponseCache {
  private entries = new Map<string, string>();
  private pending = new Map<string, Promise<string>>();
  private chars = 0;
  private version = -1;
  private readonly maxChars: number;
  private readonly unsubscribe: () => void;
  hits = 0;
  misses = 0;

  constructor(private readonly db: Queryable, options: ResponseCacheOptions = {}) {
    this.maxChars = options.maxChars ?? 32 * 1024 * 1024;
    this.unsubscribe = onDataChanged(() => this.clear());
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
    this.chars = 0;
  }

  /** Stops listening for data changes (on app close). */
  close(): void {
    this.unsubscribe();
    this.clear();
  }

  /**
   * Sends the answer for `key`: 304 when the client's ETag is current, the cached JSON when there
   * is one for the current data version, else `compute()`'s result, serialized once and kept.
   */
  async send(request: FastifyRequest, reply: FastifyReply, key: string, compute: () => Promise<unknown>): Promise<FastifyReply> {
    const version = await readDataVersion(this.db);
    if (version !== this.version) {
      this.clear();
      this.version = version;
    }
    const etag = `"${crypto.createHash('sha1').update(key).digest('base64url').slice(0, 16)}.${version}"`;
    reply.header('ETag', etag).header('Cache-Control', 'no-cache');
    if (matches(request.headers['if-none-match'], etag)) {
      this.hits++;
      return reply.code(304).send();
    }
    const body = await this.body(`${version}\u0000${key}`, compute);
    return reply.type('application/json; charset=utf-8').send(body);
  }

  private async body(id: string, compute: () => Promise<unknown>): Promise<string> {
    const cached = this.entries.get(id);
    if (cached !== undefined) {
      this.hits++;
      // Move to the most recently used end.
      this.entries.delete(id);
      this.entries.set(id, cached);
      return cached;
    }
    const inFlight = this.pending.get(id);
    if (inFlight) {
      this.hits++;
      return inFlight;
    }
    this.misses++;
    const promise = compute().then((value) => JSON.stringify(value));
    this.pending.set(id, promise);
    try {
      const text = await promise;
      if (id.startsWith(`${this.version}\u0000`)) this.store(id, text);
      return text;
    } finally {
      this.pending.delete(id);
    }
  }

  private store(id: string, text: string): void {
    if (text.length > this.maxChars) return;
    this.entries.set(id, text);
    this.chars += text.length;
    for (const [oldId, oldText] of this.entries) {
      if (this.chars <= this.maxChars) break;
      this.entries.delete(oldId);
      this.chars -= oldText.length;
    }
  }
}

/** Whether an If-None-Match header names this ETag (or `*`); weak and strong forms both match. */
function matches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const values = (Array.isArray(header) ? header.join(',') : header).split(',').map((s) => s.trim().replace(/^W\//, ''));
  return values.includes(etag) || values.includes('*');
}

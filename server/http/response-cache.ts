/**
 * In-memory cache of serialized JSON answers per (query key, data version), with ETag / 304.
 *
 * The data version (server/db/data-version.ts) is what keys the answers. A change notice of the
 * cache's database (`db.dataChanges`) empties it at once and names the new version; a poll committed by
 * another process (PostgreSQL
 * deployments) is seen when the version is read again, at most `versionTtlMs` later. Between
 * reads a cached answer needs no database at all, so it never waits behind a long query.
 * Identical requests that arrive together share one computation. Each answer is also kept
 * compressed for the encodings clients ask for (body-encoding.ts), made on first demand. Least
 * recently used entries go first when the size budget is spent.
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.js';
import { readDataVersion } from '../db/data-version.js';
import { acceptedEncoding, encodeBody, MIN_ENCODED_BYTES, type BodyEncoding } from './body-encoding.js';

export interface ResponseCacheOptions {
  /** Upper bound of the cached answers' size in bytes. */
  maxBytes?: number;
  /** How long a read data version is trusted without asking the database again. */
  versionTtlMs?: number;
}

/** An answer as UTF-8 JSON, and compressed per encoding once some client asked for it. */
interface Entry {
  body: Buffer;
  encoded: Partial<Record<BodyEncoding, Buffer>>;
  /** The body's size plus its compressed forms' sizes once made. */
  bytes: number;
}

export class ResponseCache {
  /** Answers kept as bytes: sending them again costs no encoding and makes no garbage. */
  private entries = new Map<string, Entry>();
  private pending = new Map<string, Promise<Entry>>();
  private bytes = 0;
  private version: number | null = null;
  private versionReadAt = 0;
  private versionRead: Promise<number> | null = null;
  /** Bumped on every change notice: answers computed across a change are not kept. */
  private generation = 0;
  private readonly maxBytes: number;
  private readonly versionTtlMs: number;
  private readonly unsubscribe: () => void;
  hits = 0;
  misses = 0;

  constructor(
    private readonly db: Database,
    options: ResponseCacheOptions = {},
  ) {
    this.maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
    this.versionTtlMs = options.versionTtlMs ?? 1000;
    this.unsubscribe = db.dataChanges.subscribe((version) => {
      this.generation++;
      this.clear();
      // The notice names the version its write committed: no need to ask the database. (Notices
      // of concurrent writes may come out of order: the newest version seen is kept.)
      this.version = Math.max(version, this.version ?? version);
      this.versionReadAt = Date.now();
    });
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
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
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    compute: () => Promise<unknown>,
  ): Promise<FastifyReply> {
    return this.sendJson(request, reply, key, async () => JSON.stringify(await compute()));
  }

  /** As `send`, for an answer that is already JSON text. */
  async sendJson(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    computeJson: () => Promise<string>,
  ): Promise<FastifyReply> {
    const version = await this.currentVersion();
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    // Each encoding is its own representation, with its own validator.
    const etag = `"${crypto.createHash('sha1').update(key).digest('base64url').slice(0, 16)}.${version}${encoding ? `.${encoding}` : ''}"`;
    reply.header('ETag', etag).header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding');
    if (matches(request.headers['if-none-match'], etag)) {
      this.hits++;
      return reply.code(304).send();
    }
    const id = `${version}\u0000${key}`;
    const entry = await this.entry(id, computeJson);
    reply.type('application/json; charset=utf-8');
    if (!encoding || entry.body.length < MIN_ENCODED_BYTES) return reply.send(entry.body);
    return reply.header('Content-Encoding', encoding).send(this.encoded(id, entry, encoding));
  }

  /** The entry's body in `encoding`, compressed on first demand and kept with it. */
  private encoded(id: string, entry: Entry, encoding: BodyEncoding): Buffer {
    let made = entry.encoded[encoding];
    if (!made) {
      made = encodeBody(entry.body, encoding);
      entry.encoded[encoding] = made;
      entry.bytes += made.length;
      if (this.entries.get(id) === entry) {
        this.bytes += made.length;
        this.evict();
      }
    }
    return made;
  }

  private async currentVersion(): Promise<number> {
    if (this.version !== null && Date.now() - this.versionReadAt < this.versionTtlMs) return this.version;
    if (!this.versionRead) {
      const generation = this.generation;
      this.versionRead = readDataVersion(this.db)
        .then((v) => {
          if (v !== this.version) this.clear();
          if (generation === this.generation) {
            this.version = v;
            this.versionReadAt = Date.now();
          }
          return v;
        })
        .finally(() => {
          this.versionRead = null;
        });
    }
    return this.versionRead;
  }

  private async entry(id: string, compute: () => Promise<string>): Promise<Entry> {
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
    const generation = this.generation;
    const promise = compute().then((text): Entry => {
      const body = Buffer.from(text, 'utf8');
      return { body, encoded: {}, bytes: body.length };
    });
    this.pending.set(id, promise);
    try {
      const entry = await promise;
      if (generation === this.generation && id.startsWith(`${this.version}\u0000`)) this.store(id, entry);
      return entry;
    } finally {
      this.pending.delete(id);
    }
  }

  private store(id: string, entry: Entry): void {
    if (entry.bytes > this.maxBytes) return;
    this.entries.set(id, entry);
    this.bytes += entry.bytes;
    this.evict();
  }

  /** Drops the least recently used entries until the budget holds. */
  private evict(): void {
    for (const [oldId, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldId);
      this.bytes -= old.bytes;
    }
  }
}

/** Whether an If-None-Match header names this ETag (or `*`); weak and strong forms both match. */
function matches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const values = (Array.isArray(header) ? header.join(',') : header)
    .split(',')
    .map((s) => s.trim().replace(/^W\//, ''));
  return values.includes(etag) || values.includes('*');
}

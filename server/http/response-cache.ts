/**
 * In-memory cache of serialized JSON answers per (query key, data version), with ETag / 304.
 *
 * The data version (server/db/data-version.ts) is what keys the answers. A change notice of the
 * cache's database (`db.dataChanges`) empties it at once and names the new version; a poll committed by
 * another process (PostgreSQL
 * deployments) is seen when the version is read again, at most `versionTtlMs` later. Between
 * reads a cached answer needs no database at all, so it never waits behind a long query.
 * Identical requests that arrive together share one computation. Each answer is also kept
 * compressed for the encodings clients ask for (body-encoding.ts), made on first demand.
 *
 * Every map it holds is bounded, whatever anonymous visitors send: the answers and the older answers
 * (bounded-answers.ts: a byte budget that counts keys and a fixed overhead per entry, and an entry cap;
 * least recently used go first) and the computations in flight (`maxPending`; past it a request
 * computes its answer unshared). ETags are derived from the key, never stored.
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.js';
import { OLDER_ANSWER_HEADER } from '../../contract/live-events.js';
import { readDataVersion } from '../db/data-version.js';
import { acceptedEncoding, encodeBody, MIN_ENCODED_BYTES, type BodyEncoding } from './body-encoding.js';
import { BoundedAnswers } from './bounded-answers.js';

export interface ResponseCacheOptions {
  /**
   * Upper bound in bytes of the cached answers, their keys included; the older answers (see
   * `answer`) have a budget of the same size.
   */
  maxBytes?: number;
  /** Answers kept at most (and older answers kept at most). */
  maxEntries?: number;
  /** Computations shared with identical requests at most; past it a request computes its own. */
  maxPending?: number;
  /** How long a read data version is trusted without asking the database again. */
  versionTtlMs?: number;
  /**
   * Computations that may run at once before a request with an older answer of the same `staleKey`
   * gets that answer instead of waiting (see `answer`).
   */
  maxComputing?: number;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** A request that computes an answer nobody has kept yet; identical requests wait for it. */
export interface Miss {
  readonly id: string;
  /** The ETag without its encoding suffix and closing quote. */
  readonly tag: string;
  readonly etag: string;
  readonly staleKey: string | undefined;
  readonly encoding: BodyEncoding | null;
  /** The cache's generation when the computation began: answers computed across a change are not kept. */
  readonly generation: number;
  readonly promise: Promise<Entry | null>;
  readonly settle: (entry: Entry | null) => void;
}

/** What the cache holds, for tests and benchmarks: each figure stays within its limit. */
export interface ResponseCacheStats {
  entries: number;
  /** The answers' bytes with their keys and per-entry overhead. */
  bytes: number;
  olderAnswers: number;
  olderBytes: number;
  computing: number;
  maxBytes: number;
  maxEntries: number;
  maxPending: number;
}

/** An answer as UTF-8 JSON, and compressed per encoding once some client asked for it. */
export interface Entry {
  /** Its key in the cache (data version and request key) and its `staleKey`. */
  readonly id: string;
  readonly staleKey: string | undefined;
  /** The ETag this answer was sent with, without the encoding suffix and closing quote. */
  tag: string;
  body: Buffer;
  encoded: Partial<Record<BodyEncoding, Buffer>>;
  /** The body's size plus its compressed forms' sizes once made. */
  bytes: number;
}

export class ResponseCache {
  /** Answers kept as bytes: sending them again costs no encoding and makes no garbage. */
  private readonly entries: BoundedAnswers<Entry>;
  private readonly pending = new Map<string, Promise<Entry | null>>();
  private version: number | null = null;
  private versionReadAt = 0;
  private versionRead: Promise<number> | null = null;
  /** Bumped on every change notice: answers computed across a change are not kept. */
  private generation = 0;
  /** The newest answer of each `staleKey`, whatever its version (or minute): least recently used first. */
  private readonly latest: BoundedAnswers<Entry>;
  private readonly maxComputing: number;
  private readonly maxPending: number;
  private readonly versionTtlMs: number;
  private readonly unsubscribe: () => void;
  hits = 0;
  misses = 0;
  /** Requests answered with an older answer while the cache was busy computing. */
  staleHits = 0;

  constructor(
    private readonly db: Database,
    options: ResponseCacheOptions = {},
  ) {
    const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
    const maxEntries = options.maxEntries ?? 20_000;
    this.entries = new BoundedAnswers(maxBytes, maxEntries);
    this.latest = new BoundedAnswers(maxBytes, maxEntries);
    this.versionTtlMs = options.versionTtlMs ?? 1000;
    this.maxComputing = options.maxComputing ?? 2;
    this.maxPending = options.maxPending ?? 64;
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

  get stats(): ResponseCacheStats {
    return {
      entries: this.entries.size,
      bytes: this.entries.bytes,
      olderAnswers: this.latest.size,
      olderBytes: this.latest.bytes,
      computing: this.pending.size,
      maxBytes: this.entries.maxBytes,
      maxEntries: this.entries.maxEntries,
      maxPending: this.maxPending,
    };
  }

  clear(): void {
    this.entries.clear();
  }

  /** Stops listening for data changes (on app close). */
  close(): void {
    this.unsubscribe();
    this.clear();
    this.latest.clear();
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
    const miss = await this.answer(request, reply, key);
    if (!miss) return reply;
    let text: string;
    try {
      text = await computeJson();
    } catch (err) {
      this.abandon(miss);
      throw err;
    }
    reply.type(JSON_TYPE);
    return reply.send(this.complete(miss, reply, text));
  }

  /**
   * Answers the request from the cache when it can (304, or the kept bytes; waiting for an identical
   * request already computing) and returns null; else returns the `Miss` this request computes:
   * hand its serialized answer to `complete` (or call `abandon` when there is none).
   *
   * `staleKey` names the answer across data versions and minutes (the request without them). When
   * `maxComputing` computations already run, a request whose answer is not kept yet gets the newest
   * older answer of its `staleKey`, with that answer's own ETag, instead of queueing behind them: right
   * after a poll's write empties the cache, a crowd of visitors sees the previous data for the moment
   * it takes to compute the new, rather than waiting seconds for it (marked `OLDER_ANSWER_HEADER`, so
   * the app asks again). A lone request, and one that names an ETag (its client shows an answer
   * already), always gets the current answer.
   */
  async answer(request: FastifyRequest, reply: FastifyReply, key: string, staleKey?: string): Promise<Miss | null> {
    const version = await this.currentVersion();
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    // Each encoding is its own representation, with its own validator.
    const tag = `"${crypto.createHash('sha1').update(key).digest('base64url').slice(0, 16)}.${version}`;
    const etag = withEncoding(tag, encoding);
    const id = `${version}\u0000${key}`;
    if (matches(request.headers['if-none-match'], etag)) {
      this.hits++;
      cacheHeaders(reply, etag);
      reply.code(304).send();
      return null;
    }
    for (;;) {
      const cached = this.entries.get(id);
      if (cached !== undefined) {
        this.hits++;
        this.sendEntry(reply, cached, encoding, etag);
        return null;
      }
      const inFlight = this.pending.get(id);
      if (!inFlight) break;
      const shared = await inFlight;
      if (shared) {
        this.hits++;
        this.sendEntry(reply, shared, encoding, etag);
        return null;
      }
      // The computation it waited for kept nothing (an error, another status): try again.
    }
    // A client naming an ETag already shows an answer (it refetches after a change notice or its
    // own write): it waits for the current one, or it would keep the older one until the next change.
    const holdsAnswer = request.headers['if-none-match'] !== undefined;
    const stale = staleKey === undefined || holdsAnswer ? undefined : this.latest.get(staleKey);
    if (stale && this.pending.size >= this.maxComputing) {
      this.staleHits++;
      reply.header(OLDER_ANSWER_HEADER, '1');
      this.sendEntry(reply, stale, encoding, withEncoding(stale.tag, encoding));
      return null;
    }
    this.misses++;
    let settle: (entry: Entry | null) => void = () => undefined;
    const promise = new Promise<Entry | null>((resolve) => {
      settle = resolve;
    });
    // Past `maxPending` the computation is this request's own: identical requests do not wait for it.
    if (this.pending.size < this.maxPending) this.pending.set(id, promise);
    return { id, tag, etag, encoding, staleKey, generation: this.generation, promise, settle };
  }

  /**
   * Keeps a computed answer (a 200 with a JSON body, no cookie, not marked no-store) and returns
   * the bytes to send: compressed when the client accepts it. Anything else passes through unkept.
   */
  complete(miss: Miss, reply: FastifyReply, payload: unknown): unknown {
    if (this.pending.get(miss.id) === miss.promise) this.pending.delete(miss.id);
    const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload : null;
    const cacheControl = String(reply.getHeader('cache-control') ?? '');
    if (
      text === null ||
      reply.statusCode !== 200 ||
      !String(reply.getHeader('content-type') ?? '').startsWith('application/json') ||
      reply.hasHeader('set-cookie') ||
      reply.hasHeader('content-encoding') ||
      /no-store|private/.test(cacheControl)
    ) {
      miss.settle(null);
      return payload;
    }
    const body = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
    const entry: Entry = { id: miss.id, staleKey: miss.staleKey, tag: miss.tag, body, encoded: {}, bytes: body.length };
    if (miss.generation === this.generation && miss.id.startsWith(`${this.version}\u0000`))
      this.entries.set(miss.id, entry);
    if (miss.staleKey !== undefined) this.latest.set(miss.staleKey, entry);
    miss.settle(entry);
    cacheHeaders(reply, miss.etag);
    return this.bodyFor(reply, entry, miss.encoding);
  }

  /** The request computing `miss` ended without an answer to keep. */
  abandon(miss: Miss): void {
    if (this.pending.get(miss.id) === miss.promise) this.pending.delete(miss.id);
    miss.settle(null);
  }

  private sendEntry(reply: FastifyReply, entry: Entry, encoding: BodyEncoding | null, etag: string): void {
    cacheHeaders(reply, etag);
    reply.code(200).type(JSON_TYPE);
    reply.send(this.bodyFor(reply, entry, encoding));
  }

  /** The entry's bytes for this client, with Content-Encoding set when they are compressed. */
  private bodyFor(reply: FastifyReply, entry: Entry, encoding: BodyEncoding | null): Buffer {
    if (!encoding || entry.body.length < MIN_ENCODED_BYTES) return entry.body;
    reply.header('Content-Encoding', encoding);
    return this.encoded(entry, encoding);
  }

  /** The entry's body in `encoding`, compressed on first demand and kept with it (and counted where it is kept). */
  private encoded(entry: Entry, encoding: BodyEncoding): Buffer {
    let made = entry.encoded[encoding];
    if (!made) {
      made = encodeBody(entry.body, encoding);
      entry.encoded[encoding] = made;
      entry.bytes += made.length;
      this.entries.grew(entry.id, entry, made.length);
      if (entry.staleKey !== undefined) this.latest.grew(entry.staleKey, entry, made.length);
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
}

function withEncoding(tag: string, encoding: BodyEncoding | null): string {
  return `${tag}${encoding ? `.${encoding}` : ''}"`;
}

/** Sends an answer that is JSON text already (as the database wrote it), unchanged. */
export function sendJsonText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type(JSON_TYPE).send(text);
}

/** Validator headers of a cacheable answer: the client revalidates before every reuse. */
function cacheHeaders(reply: FastifyReply, etag: string): void {
  reply.header('ETag', etag).header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding');
}

/** Whether an If-None-Match header names this ETag (or `*`); weak and strong forms both match. */
function matches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const values = (Array.isArray(header) ? header.join(',') : header)
    .split(',')
    .map((s) => s.trim().replace(/^W\//, ''));
  return values.includes(etag) || values.includes('*');
}

/**
 * The open /api/live streams of this process and the live version they were last told.
 *
 * A change committed here arrives as a change notice of the hub's database (`db.dataChanges`); one
 * committed by another process on the same PostgreSQL database is found by reading the version
 * every `pollMs` while any stream is open. Either way the live version (data-version.ts: the data
 * version at the last whole change, so a collector run is one event, not one per team) is read
 * from this process's own database (the notice only says "look now"), and every stream gets a
 * `version` event when it moved. A comment line every `heartbeatMs` keeps proxies and browsers
 * from timing the stream out.
 *
 * A stream needs a slot (`reserve`) before it opens: at most `maxClients` in the process and
 * `maxPerAddress` per client address, so one address cannot hold every stream (or the memory and
 * sockets they cost). A slot is taken before the stream's first version is read, so streams opened
 * together are counted together, and given back when the stream closes.
 */
import type { Database } from '../db/database.js';
import { readLiveVersion } from '../db/data-version.js';
import { LIVE_VERSION_EVENT, type LiveVersion } from '../../contract/live-events.js';

/** The part of a Node response the hub writes to. */
export interface LiveSink {
  write(chunk: string): unknown;
  end(): unknown;
}

export interface LiveHubOptions {
  /** Read the version this often while a stream is open; 0 or less: only on change notices (one process, PGlite). */
  pollMs?: number;
  heartbeatMs?: number;
  /** Streams one process keeps open at most. */
  maxClients?: number;
  /** Streams one client address keeps open at most. */
  maxPerAddress?: number;
}

/** A stream's place in the hub; `release` (once the stream closed) may be called more than once. */
export interface LiveSlot {
  release(): void;
}

/** Why a stream got no slot: the process is full, or this address holds its share. */
export type LiveRefusal = 'full' | 'address-full';

export function versionEvent(version: number): string {
  const data: LiveVersion = { version };
  return `event: ${LIVE_VERSION_EVENT}\ndata: ${JSON.stringify(data)}\n\n`;
}

export const HEARTBEAT = ': keep-alive\n\n';

export class LiveHub {
  /** Each stream with the version it was last sent. */
  private clients = new Map<LiveSink, number>();
  private pollTimer: NodeJS.Timeout | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private checking: Promise<void> | null = null;
  private checkAgain = false;
  private closed = false;
  /** Change notices so far: one that lands while a new stream reads its first version is checked again. */
  private notices = 0;
  /** Slots taken, in all and per address (an address leaves the map with its last slot). */
  private slots = 0;
  private readonly slotsByAddress = new Map<string, number>();
  private readonly unsubscribe: () => void;
  readonly pollMs: number;
  readonly heartbeatMs: number;
  readonly maxClients: number;
  readonly maxPerAddress: number;

  constructor(
    private readonly db: Database,
    options: LiveHubOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 2000;
    this.heartbeatMs = options.heartbeatMs ?? 25_000;
    this.maxClients = options.maxClients ?? 1000;
    this.maxPerAddress = options.maxPerAddress ?? 8;
    this.unsubscribe = db.dataChanges.subscribe(() => {
      this.notices++;
      void this.check();
    });
  }

  get size(): number {
    return this.clients.size;
  }

  get full(): boolean {
    return Math.max(this.clients.size, this.slots) >= this.maxClients;
  }

  /** Slots held by `address` now. */
  slotsOf(address: string): number {
    return this.slotsByAddress.get(address) ?? 0;
  }

  /** Takes a stream slot for `address`, or says why there is none. */
  reserve(address: string): LiveSlot | LiveRefusal {
    if (this.full) return 'full';
    const held = this.slotsOf(address);
    if (held >= this.maxPerAddress) return 'address-full';
    this.slots++;
    this.slotsByAddress.set(address, held + 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.slots--;
        const left = this.slotsOf(address) - 1;
        if (left > 0) this.slotsByAddress.set(address, left);
        else this.slotsByAddress.delete(address);
      },
    };
  }

  /** Adds a stream and sends it the current version; resolves once that first event is written. */
  async add(sink: LiveSink): Promise<void> {
    const notices = this.notices;
    const version = await readLiveVersion(this.db);
    if (this.closed) {
      sink.end();
      return;
    }
    sink.write(versionEvent(version));
    this.clients.set(sink, version);
    this.startTimers();
    if (this.notices !== notices) await this.check();
  }

  remove(sink: LiveSink): void {
    this.clients.delete(sink);
    if (this.clients.size === 0) this.stopTimers();
  }

  /** Reads the version and tells every stream that has not seen it; one read at a time. */
  check(): Promise<void> {
    if (this.clients.size === 0 || this.closed) return Promise.resolve();
    if (this.checking) {
      this.checkAgain = true;
      return this.checking;
    }
    this.checking = (async () => {
      do {
        this.checkAgain = false;
        try {
          this.broadcast(await readLiveVersion(this.db));
        } catch {
          // The database is away for a moment: the next poll or notice tries again.
        }
      } while (this.checkAgain && !this.closed);
    })().finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  /** Ends every stream and stops listening (on app close). */
  close(): void {
    this.closed = true;
    this.unsubscribe();
    this.stopTimers();
    for (const sink of this.clients.keys()) sink.end();
    this.clients.clear();
  }

  private broadcast(version: number): void {
    for (const [sink, sent] of this.clients) {
      // Versions only grow; a slower read that returns an older one is not news.
      if (version > sent) {
        sink.write(versionEvent(version));
        this.clients.set(sink, version);
      }
    }
  }

  private startTimers(): void {
    if (this.pollMs > 0 && !this.pollTimer) {
      this.pollTimer = setInterval(() => void this.check(), this.pollMs);
      this.pollTimer.unref();
    }
    if (!this.heartbeatTimer) {
      this.heartbeatTimer = setInterval(() => {
        for (const sink of this.clients.keys()) sink.write(HEARTBEAT);
      }, this.heartbeatMs);
      this.heartbeatTimer.unref();
    }
  }

  private stopTimers(): void {
    if (this.pollTimer) clearInterval(this.pollTimer);
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.pollTimer = null;
    this.heartbeatTimer = null;
  }
}

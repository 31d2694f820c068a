/**
 * LiveHub on an embedded database: the first event of a stream, a heartbeat comment every
 * `heartbeatMs`, news only when the version moved forward, the version read again by the poll
 * timer without any notice, and every stream ended on close.
 */
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Database } from '../db/database.js';
import { bumpDataVersion } from '../db/data-version.js';
import { openPglite } from '../db/pglite.js';
import { HEARTBEAT, LiveHub, versionEvent, type LiveSink } from './live-hub.js';

class Sink implements LiveSink {
  written: string[] = [];
  ended = false;
  write(chunk: string) {
    this.written.push(chunk);
  }
  end() {
    this.ended = true;
  }
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('LiveHub', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openPglite(undefined, { from: inject('pgliteTemplate') });
  });
  afterAll(() => db.close());

  it('formats a version event and the heartbeat as server-sent events', () => {
    expect(versionEvent(12)).toBe('event: version\ndata: {"version":12}\n\n');
    expect(HEARTBEAT).toBe(': keep-alive\n\n');
  });

  it('sends the version on connect, heartbeats, and a new version once after a notice', async () => {
    const hub = new LiveHub(db, { pollMs: 0, heartbeatMs: 40 });
    const sink = new Sink();
    await hub.add(sink);
    expect(sink.written).toEqual([versionEvent(0)]);
    await wait(100);
    expect(sink.written.filter((w) => w === HEARTBEAT).length).toBeGreaterThanOrEqual(2);

    const v = await bumpDataVersion(db);
    db.dataChanges.notify(v);
    await hub.check();
    // A second look at the same version is no news.
    await hub.check();
    expect(sink.written.filter((w) => w.startsWith('event:'))).toEqual([versionEvent(0), versionEvent(1)]);

    hub.remove(sink);
    expect(hub.size).toBe(0);
    const before = sink.written.length;
    await wait(100);
    expect(sink.written.length).toBe(before);
    hub.close();
  });

  it('finds a change no notice announced by reading the version every pollMs', async () => {
    const hub = new LiveHub(db, { pollMs: 30, heartbeatMs: 60_000 });
    const sink = new Sink();
    await hub.add(sink);
    expect(sink.written).toEqual([versionEvent(1)]);
    await bumpDataVersion(db);
    await wait(150);
    expect(sink.written).toEqual([versionEvent(1), versionEvent(2)]);
    hub.close();
    expect(sink.ended).toBe(true);
    expect(hub.size).toBe(0);
  });

  it('refuses more streams than maxClients', async () => {
    const hub = new LiveHub(db, { pollMs: 0, maxClients: 1 });
    expect(hub.full).toBe(false);
    await hub.add(new Sink());
    expect(hub.full).toBe(true);
    hub.close();
  });
});

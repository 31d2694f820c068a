/**
 * The backup of an in-memory database (server/db/backup-tar.ts): PGlite's own dump, named from the
 * root with modes 0666, leaves re-packed with relative names and owner-only modes, and PGlite's
 * loader restores it. A dump member that would land outside the folder, or whose name does not
 * fit the tar name field the loader reads, is refused.
 */
import { buffer } from 'node:stream/consumers';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { extract, pack } from 'tar-stream';
import { describe, expect, it } from 'vitest';
import { ownerOnlyDump } from '../../server/db/backup-tar.js';
import { openPglite } from '../../server/db/pglite.js';

async function members(gzipped: Buffer) {
  const list: { name: string; type: string; mode: number }[] = [];
  const reader = extract();
  reader.end(zlib.gunzipSync(gzipped));
  for await (const member of reader) {
    list.push({ name: member.header.name, type: member.header.type, mode: member.header.mode });
    member.resume();
  }
  return list;
}

async function dumpWith(names: string[]): Promise<Uint8Array> {
  const writer = pack();
  writer.entry({ name: '/base', type: 'directory', mode: 0o666 });
  for (const name of names) writer.entry({ name, mode: 0o666 }, 'page');
  writer.finalize();
  return new Uint8Array(await buffer(writer));
}

describe('backup of an in-memory database', { timeout: 60_000 }, () => {
  it('has relative, owner-only members and restores with PGlite', async () => {
    const db = await openPglite();
    await db.exec('CREATE TABLE probe (n int); INSERT INTO probe VALUES (41), (1);');
    if (!db.dumpDataDir) throw new Error('PGlite copies its data directory');
    const archive = await buffer(await db.dumpDataDir());
    await db.close();

    const list = await members(archive);
    expect(list.some((m) => m.name === 'global/pg_control' && m.type === 'file')).toBe(true);
    expect(list.some((m) => m.name === 'base/' && m.type === 'directory')).toBe(true);
    for (const m of list) {
      expect(m.name).not.toMatch(/^\/|(^|\/)\.\.(\/|$)/);
      expect(m.mode).toBe(m.type === 'directory' ? 0o700 : 0o600);
    }

    const restored = await PGlite.create({ loadDataDir: new Blob([archive], { type: 'application/x-gzip' }) });
    expect((await restored.query('SELECT sum(n)::int AS total FROM probe')).rows).toEqual([{ total: 42 }]);
    await restored.close();
  });

  it('refuses a member that would leave the folder', async () => {
    await expect(buffer(ownerOnlyDump(await dumpWith(['/base/../../etc/cron.d/job'])))).rejects.toThrow(/Unsafe name/);
  });

  it('refuses a name the loader would not read whole (longer than the 100-byte field, or not ASCII)', async () => {
    const deep = `/base/${'d/'.repeat(48)}16384`; // 6 + 96 + 5 = 107 bytes, 106 once relative
    await expect(buffer(ownerOnlyDump(await dumpWith([deep])))).rejects.toThrow(/name field/);
    await expect(buffer(ownerOnlyDump(await dumpWith(['/base/tablé'])))).rejects.toThrow(/name field/);
  });

  it('keeps a name of exactly 100 bytes in the name field', async () => {
    const longest = `/base/${'d/'.repeat(45)}${'f'.repeat(5)}`; // relative: 5 + 90 + 5 = 100 bytes
    const tar = zlib.gunzipSync(await buffer(ownerOnlyDump(await dumpWith([longest]))));
    const header = tar.subarray(512, 1024); // the second member's: after the folder's header
    expect(header.subarray(0, 100).toString('latin1')).toBe(longest.slice(1));
    expect(header.subarray(345, 500).every((byte) => byte === 0)).toBe(true); // no ustar prefix
  });
});

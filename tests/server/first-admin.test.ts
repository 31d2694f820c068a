/**
 * The first admin: from ADMIN_USERNAME / ADMIN_PASSWORD (12 characters at least, a weak one stops
 * start-up), or with a generated password written to an owner-only file whose path, never the
 * password, is logged; and exactly one admin when two processes start together on PostgreSQL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.js';
import type { Database } from '../../server/db/database.js';
import { migrate } from '../../server/db/migrate.js';
import { openPostgres } from '../../server/db/postgres.js';
import { verifyPassword } from '../../server/auth/passwords.js';
import { hashSessionId } from '../../server/http/plugins/auth.js';
import { ensureFirstAdmin, FIRST_PASSWORD_FILE } from '../../server/users/bootstrap-admin.js';
import {
  createTestDatabase,
  dbKinds,
  freshDatabase,
  postgresReachable,
  testApp,
  type TestDatabase,
} from './helpers.js';
import { login } from './staff-helpers.js';

describe('ADMIN_PASSWORD', () => {
  it.each([' ', 'short', 'elevenchars', `  ${'x'.repeat(10)}  `])('refuses %j at start with a clear message', (pw) => {
    expect(() => loadConfig({ ADMIN_PASSWORD: pw })).toThrow(ConfigError);
    expect(() => loadConfig({ ADMIN_PASSWORD: pw })).toThrow(
      'ADMIN_PASSWORD is too weak: it must be at least 12 characters. Choose a longer one, or unset it to have one generated.',
    );
  });

  it('accepts 12 characters, and none at all', () => {
    expect(loadConfig({ ADMIN_PASSWORD: 'twelve-chars' }).adminPassword).toBe('twelve-chars');
    expect(loadConfig({}).adminPassword).toBeUndefined();
  });
});

describe.each(dbKinds)('first admin on %s', (kind) => {
  const messages: string[] = [];
  const log = { info: (m: string) => messages.push(m), warn: (m: string) => messages.push(m) };
  let dataDir: string;
  beforeEach(() => {
    messages.length = 0;
    dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'nt-first-admin-')), 'data');
  });
  afterEach(() => fs.rmSync(path.dirname(dataDir), { recursive: true, force: true }));

  it('creates the admin from ADMIN_USERNAME / ADMIN_PASSWORD once, then leaves it alone', async () => {
    const db = await freshDatabase(kind);
    try {
      expect(
        await ensureFirstAdmin(db, { adminUsername: 'chief', adminPassword: 'chief-pass-123', dataDir }, log),
      ).toBe('chief');
      const { rows } = await db.query<{ username: string; role: string; password_hash: string }>(
        'SELECT username, role, password_hash FROM users',
      );
      expect(rows.map((r) => [r.username, r.role])).toEqual([['chief', 'admin']]);
      expect(await verifyPassword(rows[0].password_hash, 'chief-pass-123')).toBe(true);
      expect(messages.join('\n')).not.toContain('chief-pass-123');
      expect(fs.existsSync(path.join(dataDir, FIRST_PASSWORD_FILE))).toBe(false);
      expect(
        await ensureFirstAdmin(db, { adminUsername: 'other', adminPassword: 'other-pass-123', dataDir }, log),
      ).toBeNull();
      expect((await db.query('SELECT 1 FROM users')).rows.length).toBe(1);
    } finally {
      await db.close();
    }
  });

  it('writes a generated password to an owner-only file and logs its path, not the password; it logs in', async () => {
    const t = await testApp(kind);
    try {
      expect(await ensureFirstAdmin(t.db, { dataDir }, log)).toBe('admin');
      const file = path.join(dataDir, FIRST_PASSWORD_FILE);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const password = fs.readFileSync(file, 'utf8').trim();
      expect(password.length).toBeGreaterThanOrEqual(24);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toContain(file);
      expect(messages[0]).not.toContain(password);
      const cookie = await login(t.app, 'admin', password);
      expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).json()).toEqual({
        logged_in: true,
        username: 'admin',
        role: 'admin',
      });
      const { rows } = await t.db.query<{ id_hash: string }>('SELECT id_hash FROM sessions');
      expect(rows[0].id_hash).toBe(hashSessionId(cookie.slice(4)));
      expect(await ensureFirstAdmin(t.db, { dataDir }, log)).toBeNull();
      expect(messages).toHaveLength(1);
      expect(fs.readFileSync(file, 'utf8').trim()).toBe(password);
    } finally {
      await t.close();
    }
  });
});

describe.runIf(await postgresReachable())('first admin, two processes starting together on PostgreSQL', () => {
  let testDb: TestDatabase | undefined;
  const dbs: Database[] = [];
  afterAll(async () => {
    for (const db of dbs) await db.close();
    await testDb?.drop();
  });

  it('creates exactly one admin and one password file', async () => {
    testDb = await createTestDatabase();
    for (let i = 0; i < 4; i++) dbs.push(await openPostgres(testDb.url, { max: 2 }));
    await migrate(dbs[0]);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nt-first-admin-pg-'));
    const messages: string[] = [];
    const log = { info: (m: string) => messages.push(m), warn: (m: string) => messages.push(m) };
    try {
      const created = await Promise.all(dbs.map((db) => ensureFirstAdmin(db, { dataDir }, log)));
      expect(created.filter((u) => u === 'admin')).toHaveLength(1);
      expect(created.filter((u) => u === null)).toHaveLength(dbs.length - 1);
      const { rows } = await dbs[1].query<{ username: string; password_hash: string }>(
        "SELECT username, password_hash FROM users WHERE role = 'admin'",
      );
      expect(rows.map((r) => r.username)).toEqual(['admin']);
      const password = fs.readFileSync(path.join(dataDir, FIRST_PASSWORD_FILE), 'utf8').trim();
      expect(await verifyPassword(rows[0].password_hash, password)).toBe(true);
      expect(messages).toHaveLength(1);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

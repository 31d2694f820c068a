/**
 * The deployment examples in deploy/ stay usable: the systemd unit is a well-formed unit with the
 * keys a self-hoster relies on (its environment read by the server's own config: loopback with a
 * trusted proxy), the nginx example passes /api/live unbuffered with a read timeout over the
 * stream's 25 s comments and forwards the client's address, host and scheme, the Caddyfile points
 * at the same port, and the README's nightly backup line can run from cron. `systemd-analyze
 * verify` and `nginx -t` check the files too where they are installed.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { startNodeFlags } from '../../scripts/build-state.mjs';
import { PG_URL } from '../server/pg-admin.js';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

type Unit = Record<string, Record<string, string[]>>;

/** A systemd unit file as sections of keys, each with its values in order (a key may repeat). */
function parseUnit(text: string): Unit {
  const unit: Unit = {};
  let section: Record<string, string[]> | null = null;
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) return;
    const header = /^\[([A-Za-z]+)\]$/.exec(line);
    if (header) {
      section = unit[header[1]] ??= {};
      return;
    }
    const pair = /^([A-Za-z][A-Za-z0-9]*)=(.*)$/.exec(line);
    if (!pair || !section) throw new Error(`line ${i + 1} is neither a section nor a key=value: ${raw}`);
    (section[pair[1]] ??= []).push(pair[2].trim());
  });
  return unit;
}

function onPath(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
}

/** The text between `{` after `start` and its matching `}`. */
function block(text: string, start: RegExp): string {
  const m = start.exec(text);
  if (!m) throw new Error(`no block ${start}`);
  let depth = 0;
  for (let i = m.index + m[0].length - 1; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return text.slice(m.index + m[0].length, i);
  }
  throw new Error(`block ${start} is not closed`);
}

/** An nginx time ("90", "90s", "5m", "1h") in seconds. */
function nginxSeconds(value: string): number {
  const m = /^(\d+)(ms|s|m|h|d)?$/.exec(value);
  if (!m) throw new Error(`not an nginx time: ${value}`);
  const scale = { ms: 0.001, s: 1, m: 60, h: 3600, d: 86400 }[m[2] ?? 's']!;
  return Number(m[1]) * scale;
}

const unitText = read('deploy/nt-team-stats.service');
const unit = parseUnit(unitText);
const service = unit.Service ?? {};
const one = (key: string) => {
  expect(service[key], key).toHaveLength(1);
  return service[key][0];
};
const environment = Object.fromEntries(
  (service.Environment ?? []).map((e) => {
    const at = e.indexOf('=');
    return [e.slice(0, at), e.slice(at + 1)];
  }),
);

describe('deploy/nt-team-stats.service', () => {
  it('is a service unit with its sections', () => {
    expect(Object.keys(unit).sort()).toEqual(['Install', 'Service', 'Unit']);
    expect(unit.Install.WantedBy).toEqual(['multi-user.target']);
  });

  it('runs the server from its folder as the data directory’s owner, with the node flags of npm start', () => {
    const startFlags = startNodeFlags();
    expect(startFlags).toEqual(
      expect.arrayContaining(['--liftoff-only', '--heap-growing-percent=50', '--max-semi-space-size=8']),
    );
    const [node, ...args] = one('ExecStart').split(' ');
    expect(node).toMatch(/^\/\S*node$/);
    expect(args).toEqual([...startFlags, 'dist-server/main.js']);
    expect(one('WorkingDirectory')).toBe('/srv/nt-team-stats');
    expect(one('User')).toBe('nt-team-stats');
    expect(one('Group')).toBe('nt-team-stats');
  });

  it('sets PORT, DATA_DIR and a loopback HOST behind a trusted proxy, as the server reads them', () => {
    expect(Object.keys(environment)).toEqual(expect.arrayContaining(['PORT', 'DATA_DIR', 'HOST', 'TRUST_PROXY']));
    const config = loadConfig(environment);
    expect(config.host).toBe('127.0.0.1');
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe('/srv/nt-team-stats/data');
    expect(config.trustProxy).toBe(1);
  });

  it('starts after PostgreSQL when both are on the machine, without needing it', () => {
    const after = (unit.Unit.After ?? []).flatMap((v) => v.split(/\s+/));
    expect(after).toEqual(expect.arrayContaining(['network-online.target', 'postgresql.service']));
    // An ordering only: the embedded database, or PostgreSQL elsewhere, starts all the same.
    const needs = [...(unit.Unit.Wants ?? []), ...(unit.Unit.Requires ?? [])].flatMap((v) => v.split(/\s+/));
    expect(needs).not.toContain('postgresql.service');
  });

  it('restarts on failure and stops with SIGTERM, leaving a poll time to commit', () => {
    expect(one('Restart')).toBe('on-failure');
    expect(one('KillSignal')).toBe('SIGTERM');
    // A poll's writes commit in seconds, and a Discord post waits at most 15 s for its answer.
    expect(Number(one('TimeoutStopSec'))).toBeGreaterThanOrEqual(60);
  });

  it('is hardened, writing only the data and backups folders', () => {
    expect(one('NoNewPrivileges')).toBe('true');
    expect(one('ProtectSystem')).toBe('strict');
    expect(one('PrivateTmp')).toBe('true');
    expect(one('ReadWritePaths').split(/\s+/).sort()).toEqual(['/srv/nt-team-stats/backups', environment.DATA_DIR]);
    // V8 compiles to executable memory: this option would stop node.
    expect(service.MemoryDenyWriteExecute).toBeUndefined();
  });

  it.skipIf(!onPath('systemd-analyze'))('passes systemd-analyze verify', () => {
    const r = spawnSync('systemd-analyze', ['verify', path.join(root, 'deploy/nt-team-stats.service')], {
      encoding: 'utf8',
    });
    // It complains of what it cannot resolve here (a missing node, an unknown user) in its own words.
    const problems = `${r.stdout}${r.stderr}`
      .split('\n')
      .filter((l) => l.includes('nt-team-stats.service:') && !/Command .* is not executable/.test(l));
    expect(problems).toEqual([]);
  });
});

describe('deploy/nginx.conf', () => {
  const text = read('deploy/nginx.conf').replace(/#.*$/gm, '');
  const https = block(text, /server\s*\{(?=[^{}]*listen 443)/);
  const live = block(https, /location \/api\/live\s*\{/);

  it('passes the live stream unbuffered, with a read timeout above the 25 s comments', () => {
    expect(live).toMatch(/^\s*proxy_buffering off;/m);
    const timeout = /^\s*proxy_read_timeout (\S+);/m.exec(live);
    expect(timeout).not.toBeNull();
    expect(nginxSeconds(timeout![1])).toBeGreaterThan(25);
    expect(live).toMatch(/^\s*proxy_pass http:\/\/nt_team_stats;/m);
  });

  it('serves HTTPS to the server on the unit’s port, with the forwarded headers', () => {
    expect(https).toMatch(/^\s*listen 443 ssl/m);
    expect(text).toMatch(new RegExp(`server 127\\.0\\.0\\.1:${environment.PORT};`));
    for (const header of [
      'X-Forwarded-For \\$proxy_add_x_forwarded_for',
      'X-Forwarded-Proto \\$scheme',
      'X-Forwarded-Host \\$host',
      'Host \\$host',
    ]) {
      expect(https).toMatch(new RegExp(`^\\s*proxy_set_header ${header};`, 'm'));
    }
    // A location with its own proxy_set_header would drop the server-level ones.
    expect(live).not.toMatch(/proxy_set_header/);
  });

  it.skipIf(!onPath('nginx') || !onPath('openssl'))('passes nginx -t', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-test-'));
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=stats.example.org',
          '-keyout',
          path.join(dir, 'key.pem'),
          '-out',
          path.join(dir, 'cert.pem'),
        ],
        { stdio: 'ignore' },
      );
      const site = read('deploy/nginx.conf')
        .replace(/\/etc\/letsencrypt\/live\/[^/]+\/fullchain\.pem/g, path.join(dir, 'cert.pem'))
        .replace(/\/etc\/letsencrypt\/live\/[^/]+\/privkey\.pem/g, path.join(dir, 'key.pem'));
      fs.writeFileSync(path.join(dir, 'site.conf'), site);
      fs.writeFileSync(
        path.join(dir, 'nginx.conf'),
        `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\n  access_log off;\n  include ${dir}/site.conf;\n}\n`,
      );
      const r = spawnSync('nginx', ['-t', '-q', '-c', path.join(dir, 'nginx.conf')], { encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('deploy/Caddyfile', () => {
  const text = read('deploy/Caddyfile').replace(/#.*$/gm, '');

  it('proxies to the unit’s port and flushes the live stream at once', () => {
    expect(text).toMatch(new RegExp(`reverse_proxy 127\\.0\\.0\\.1:${environment.PORT}`));
    expect(block(text, /handle \/api\/live\s*\{/)).toMatch(/flush_interval -1/);
  });
});

describe('the README’s deployment notes', () => {
  const readme = read('README.md');

  it('gives a nightly backup line that works from cron', () => {
    const cron = readme.split('\n').find((l) => /^\d+ \d+ \* \* \* .*npm run backup/.test(l));
    expect(cron).toBeDefined();
    expect(cron).toContain('mkdir -p backups');
    expect(cron).toMatch(/PORT=\d+ DATA_DIR=\/\S+ npm run backup -- backups\//);
  });

  it('keeps backups out of git, and its pg_dump line writes a file only the owner can read', () => {
    expect(spawnSync('git', ['check-ignore', '-q', 'backups/nt-Mon.tar.gz'], { cwd: root }).status).toBe(0);
    const line = readme.split('\n').find((l) => l.includes('pg_dump --format=custom'));
    expect(line).toBeDefined();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nt-dump-'));
    try {
      // The line as written, against the test database, from a shell whose umask lets everyone read.
      const run = spawnSync('sh', ['-c', `umask 022 && ${line}`], {
        cwd: dir,
        env: { ...process.env, DATABASE_URL: PG_URL },
      });
      expect(run.status, run.stderr.toString()).toBe(0);
      expect(fs.statSync(path.join(dir, 'nt-team-stats.dump')).mode & 0o777).toBe(0o600);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('has a Deploying section, and the code carries its MIT licence', () => {
    expect(readme).toMatch(/^## Deploying$/m);
    expect(read('LICENSE')).toMatch(/^MIT License\n\nCopyright \(c\) 2026 NT Team Stats contributors\n/);
    expect((JSON.parse(read('package.json')) as { license?: string }).license).toBe('MIT');
  });
});

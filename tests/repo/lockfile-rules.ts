/**
 * Checks on package-lock.json that `npm ci` and the README's Node version depend on: the lock file
 * matches package.json and lists every dependency (optional ones for other platforms included) at
 * a version its dependents accept, and no locked package asks for a newer Node than we promise.
 */
import semver from 'semver';

type Deps = Record<string, string>;

export interface PackageJson {
  dependencies?: Deps;
  devDependencies?: Deps;
  optionalDependencies?: Deps;
  peerDependencies?: Deps;
  overrides?: Record<string, unknown>;
  engines?: { node?: string };
}

export interface LockEntry {
  version?: string;
  link?: boolean;
  dependencies?: Deps;
  devDependencies?: Deps;
  optionalDependencies?: Deps;
  peerDependencies?: Deps;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  engines?: { node?: string } | string[];
}

export interface Lockfile {
  lockfileVersion: number;
  packages: Record<string, LockEntry>;
}

const ROOT_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'] as const;

/** The locked entry that Node's resolution finds for `name` required from the package at `from`. */
function resolve(lock: Lockfile, from: string, name: string): { path: string; entry: LockEntry } | null {
  let dir = from;
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    const entry = lock.packages[candidate];
    if (entry) return { path: candidate, entry };
    if (!dir) return null;
    // Up one node_modules level: a/node_modules/b/node_modules/c -> a/node_modules/b -> a -> ''.
    const cut = dir.lastIndexOf('/node_modules/');
    dir = cut < 0 ? '' : dir.slice(0, cut);
  }
}

/** The version range to check a dependency against: an `npm:` alias's range, an override's spec. */
function wantedRange(name: string, spec: string, overrides: Record<string, unknown>): string | null {
  const override = overrides[name];
  const raw = typeof override === 'string' ? override : spec;
  const range = raw.startsWith('npm:') ? raw.slice(raw.lastIndexOf('@') + 1) : raw;
  return semver.validRange(range) ? range : null;
}

/** Differences that make `npm ci` refuse the lock file; empty when it is in sync. */
export function lockfileProblems(pkg: PackageJson, lock: Lockfile): string[] {
  const problems: string[] = [];
  if (lock.lockfileVersion < 2) problems.push(`lockfileVersion ${lock.lockfileVersion} has no "packages" section`);
  const root = lock.packages[''] ?? {};
  for (const field of ROOT_FIELDS) {
    const a = JSON.stringify(Object.entries(pkg[field] ?? {}).sort());
    const b = JSON.stringify(Object.entries(root[field] ?? {}).sort());
    if (a !== b) problems.push(`package.json ${field} differ from the lock file's`);
  }
  const overrides = pkg.overrides ?? {};
  for (const [at, entry] of Object.entries(lock.packages)) {
    if (entry.link) continue;
    const wanted: Deps = {
      ...(at === '' ? { ...entry.devDependencies } : {}),
      ...entry.dependencies,
      ...entry.optionalDependencies,
    };
    for (const [name, spec] of Object.entries(entry.peerDependencies ?? {})) {
      if (!entry.peerDependenciesMeta?.[name]?.optional) wanted[name] = spec;
    }
    for (const [name, spec] of Object.entries(wanted)) {
      const found = resolve(lock, at, name);
      const who = at || 'package.json';
      if (!found) {
        problems.push(`${who} needs ${name}@${spec}: missing from the lock file`);
        continue;
      }
      const range = wantedRange(name, spec, overrides);
      const version = found.entry.version;
      if (range && version && !semver.satisfies(version, range, { includePrerelease: true })) {
        problems.push(`${who} needs ${name}@${range}, the lock file has ${version} at ${found.path}`);
      }
    }
  }
  return problems;
}

/** Locked packages whose `engines.node` excludes `nodeVersion`. */
export function engineProblems(lock: Lockfile, nodeVersion: string): string[] {
  const problems: string[] = [];
  for (const [at, entry] of Object.entries(lock.packages)) {
    if (!at || !entry.engines || Array.isArray(entry.engines) || !entry.engines.node) continue;
    const range = entry.engines.node;
    if (semver.validRange(range) && !semver.satisfies(nodeVersion, range)) {
      problems.push(`${at}@${entry.version} needs Node ${range}`);
    }
  }
  return problems;
}

/**
 * A fresh clone must install with `npm ci` on the Node version the README promises: the committed
 * lock file is in sync with package.json, and no locked package needs a newer Node.
 */
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { engineProblems, lockfileProblems, type Lockfile, type PackageJson } from './lockfile-rules.js';

const root = path.resolve(import.meta.dirname, '../..');
const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as T;
const pkg = readJson<PackageJson>('package.json');
const lock = readJson<Lockfile>('package-lock.json');

/** The oldest Node the README promises ("Needs Node.js 24.0 or newer"). */
function readmeNode(): string {
  const m = /Needs Node\.js (\d+\.\d+(?:\.\d+)?) or newer/.exec(fs.readFileSync(path.join(root, 'README.md'), 'utf8'));
  if (!m) throw new Error('README.md does not say which Node.js it needs');
  return semver.coerce(m[1])!.version;
}

describe('package-lock.json', () => {
  it('is in sync with package.json, every optional platform package included', () => {
    expect(lockfileProblems(pkg, lock)).toEqual([]);
  });

  it('reports a dependency missing from the lock file or at a version out of range', () => {
    const packages = { ...lock.packages };
    const rollup = Object.keys(packages).find((p) => p.endsWith('node_modules/rollup'))!;
    const platformPackage = Object.keys(packages[rollup].optionalDependencies ?? {})[0];
    delete packages[`node_modules/${platformPackage}`];
    const zodAt = 'node_modules/zod';
    packages[zodAt] = { ...packages[zodAt], version: '3.0.0' };
    const problems = lockfileProblems(pkg, { ...lock, packages });
    expect(problems).toContain(
      `${rollup} needs ${platformPackage}@${packages[rollup].optionalDependencies![platformPackage]}: missing from the lock file`,
    );
    expect(problems.some((p) => p.startsWith(`package.json needs zod@`) && p.includes('has 3.0.0'))).toBe(true);
  });

  it('reports package.json dependencies the lock file does not record', () => {
    const changed = { ...pkg, dependencies: { ...pkg.dependencies, 'left-pad': '^1.3.0' } };
    expect(lockfileProblems(changed, lock)).toContain("package.json dependencies differ from the lock file's");
  });
});

describe('Node version', () => {
  const node = readmeNode();

  it('the README and package.json engines name the same oldest Node', () => {
    expect(semver.minVersion(pkg.engines!.node!)!.version).toBe(node);
  });

  it('every locked package runs on the oldest Node the README promises', () => {
    expect(engineProblems(lock, node)).toEqual([]);
  });

  it('runs on a Node the README promises, as CI does through .ci/use-node.sh', () => {
    const ciNode = /^NODE_LTS=(\d+)$/m.exec(fs.readFileSync(path.join(root, '.ci/use-node.sh'), 'utf8'));
    expect(Number(ciNode?.[1])).toBe(semver.major(node));
    expect(fs.readFileSync(path.join(root, '.ci/run'), 'utf8')).toMatch(/^\. \.ci\/use-node\.sh$/m);
    expect(process.versions.node, `Node.js ${process.versions.node} is not supported: see the README`).toSatisfy(
      (v: string) => semver.satisfies(v, pkg.engines!.node!),
    );
  });

  it('reports a package that needs a newer Node', () => {
    const packages = { ...lock.packages, 'node_modules/future': { version: '1.0.0', engines: { node: '>=28' } } };
    expect(engineProblems({ ...lock, packages }, node)).toEqual(['node_modules/future@1.0.0 needs Node >=28']);
  });
});

// `npm test`: every check, in stages, stopping at the first stage that fails; then one short table
// of each stage's time, the ten slowest test files and browser specs, and the tests that passed
// only on a retry (CI retries a failed browser test once; a pass on the retry is a flake to fix).
// Chromium is installed (when missing) while the type check and the linters run: it waits on the
// network, they on the processor.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const REPORTS = 'reports';
const VITEST_REPORT = path.join(REPORTS, 'vitest.json');
// Written by the json reporter of playwright.config.ts.
const PLAYWRIGHT_REPORT = path.join(REPORTS, 'playwright.json');

/** One command; resolves with its time in seconds, rejects when it fails. */
function run(label, command, args, env = {}) {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      const seconds = (Date.now() - started) / 1000;
      if (code === 0) resolve(seconds);
      else reject(Object.assign(new Error(`${label} failed (${signal ?? `exit code ${code}`})`), { seconds }));
    });
  });
}

const STAGES = [
  {
    name: 'type check, lint, Chromium',
    steps: [
      ['type check', 'npm', ['run', '--silent', 'typecheck']],
      ['lint', 'npm', ['run', '--silent', 'lint']],
      ['Chromium', process.execPath, ['scripts/ensure-chromium.mjs']],
    ],
  },
  { name: 'build', steps: [['build', 'npm', ['run', '--silent', 'build']]] },
  {
    name: 'unit and server tests',
    steps: [
      [
        'vitest',
        'npx',
        ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${VITEST_REPORT}`],
      ],
    ],
  },
  {
    name: 'browser tests',
    steps: [['playwright', 'npx', ['playwright', 'test']]],
  },
];

const fmt = (s) =>
  s >= 60 ? `${Math.floor(s / 60)} min ${String(Math.round(s % 60)).padStart(2, '0')} s` : `${s.toFixed(1)} s`;

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** The ten slowest vitest files: [seconds, file]. */
function slowestFiles() {
  const report = readJson(VITEST_REPORT);
  if (!report) return [];
  return report.testResults
    .map((f) => [(f.endTime - f.startTime) / 1000, path.relative(process.cwd(), f.name)])
    .sort((a, b) => b[0] - a[0])
    .slice(0, 10);
}

/** Every browser test as [seconds over all its tries, "project › file › title", status]. */
function browserTests() {
  const report = readJson(PLAYWRIGHT_REPORT);
  if (!report) return [];
  const tests = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests)
        tests.push([
          t.results.reduce((sum, r) => sum + r.duration, 0) / 1000,
          `${t.projectName} › ${file ?? spec.file} › ${spec.title}`,
          t.status,
        ]);
    for (const child of suite.suites ?? []) walk(child, file ?? suite.file);
  };
  for (const suite of report.suites) walk(suite, suite.file);
  return tests;
}

function summary(times) {
  const lines = ['', '## npm test', '', '| stage | time |', '| --- | ---: |'];
  for (const [name, seconds] of times) lines.push(`| ${name} | ${fmt(seconds)} |`);
  const files = slowestFiles();
  if (files.length) {
    lines.push('', '| slowest test files | time |', '| --- | ---: |');
    for (const [s, f] of files) lines.push(`| ${f} | ${fmt(s)} |`);
  }
  const browser = browserTests();
  if (browser.length) {
    lines.push('', '| slowest browser tests | time |', '| --- | ---: |');
    for (const [s, t] of [...browser].sort((a, b) => b[0] - a[0]).slice(0, 10)) lines.push(`| ${t} | ${fmt(s)} |`);
    const flaky = browser.filter(([, , status]) => status === 'flaky');
    lines.push('', `Browser tests that passed only on a retry: ${flaky.length}`);
    for (const [, t] of flaky) lines.push(`- ${t}`);
  }
  console.log(lines.join('\n'));
}

fs.rmSync(REPORTS, { recursive: true, force: true });
fs.mkdirSync(REPORTS, { recursive: true });
const times = [];
const started = Date.now();
let failed = null;
for (const stage of STAGES) {
  const t0 = Date.now();
  const results = await Promise.allSettled(stage.steps.map(([label, cmd, args, env]) => run(label, cmd, args, env)));
  const seconds = (Date.now() - t0) / 1000;
  const parts =
    stage.steps.length > 1
      ? ` (${stage.steps.map(([label], i) => `${label} ${fmt(results[i].value ?? results[i].reason?.seconds ?? 0)}`).join(', ')})`
      : '';
  times.push([`${stage.name}${parts}`, seconds]);
  failed = results.find((r) => r.status === 'rejected')?.reason ?? null;
  if (failed) break;
}
times.push(['**total**', (Date.now() - started) / 1000]);
summary(times);
if (failed) {
  console.error(`\n${failed.message}`);
  process.exit(1);
}

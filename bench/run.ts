/**
 * `npm run bench`: runs bench/leaderboards.ts and every bench/*.bench.ts module, then writes their
 * markdown sections to bench/results.md.
 *
 * A benchmark module default-exports `async (log: (line: string) => void) => string`: it logs its
 * progress and returns a markdown section (starting with a `## Title` heading).
 * `npm run bench -- <word>` runs only the modules whose file name contains the word; the other
 * sections of bench/results.md are kept as they were. Opt-in modules (`OPT_IN`: too long for every
 * run) run only when the word names them (`npm run bench -- scale`); a run without a word keeps
 * their earlier sections, and the `## History` section (earlier runs' figures, kept by hand).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

type BenchModule = { default: (log: (line: string) => void) => Promise<string> };

/** The `## ` sections of an earlier results file (without its header). */
function previousSections(file: string): string[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split(/^(?=## )/m)
    .filter((s) => s.startsWith('## '))
    .map((s) => s.trimEnd());
}

/** Earlier sections in their order, replaced by new ones of the same title; new titles at the end. */
function merge(before: string[], fresh: string[]): string[] {
  const title = (s: string) => s.split('\n', 1)[0];
  const byTitle = new Map(fresh.map((s) => [title(s), s]));
  const merged = before.map((s) => byTitle.get(title(s)) ?? s);
  for (const s of fresh) if (!before.some((b) => title(b) === title(s))) merged.push(s);
  return merged.map((s) => `${s.trimEnd()}\n`);
}

const dir = path.dirname(fileURLToPath(import.meta.url));
const filter = process.argv[2];
/** Opt-in modules and the title of their section. */
const OPT_IN = new Map([['scale.bench.ts', '## Scale']]);
const files = [
  'leaderboards.ts',
  ...fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.bench.ts'))
    .sort(),
].filter((f) => (filter ? f.includes(filter) : !OPT_IN.has(f)));

const sections: string[] = [];
const started = performance.now();
// Timings depend on what else the machine is doing: the load is written down with them.
const loadAtStart = os.loadavg()[0];
for (const file of files) {
  const t0 = performance.now();
  console.log(`== ${file}`);
  const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as BenchModule;
  sections.push(await mod.default((line) => console.log(line)));
  console.log(`== ${file} done in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const header = [
  '# Benchmark results',
  '',
  `Written by \`npm run bench${filter ? ` -- ${filter}` : ''}\` on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} × ${cpu}, ` +
    `${Math.round(os.totalmem() / 2 ** 30)} GB RAM, Node.js ${process.version}, ${os.platform()}. ` +
    `Total run time ${((performance.now() - started) / 60_000).toFixed(1)} min; 1-minute load average ` +
    `${loadAtStart.toFixed(1)} at the start and ${os.loadavg()[0].toFixed(1)} at the end.` +
    (filter ? ' Only the sections that run wrote are new; the others are kept from earlier runs.' : ''),
  '',
];
const out = path.join(dir, 'results.md');
// Opt-in sections and the hand-kept history survive a full run.
const keptTitles = [...OPT_IN.values(), '## History'];
const keptOptIn = previousSections(out).filter((s) => keptTitles.some((t) => s.startsWith(t)));
const body = filter ? merge(previousSections(out), sections) : merge([...sections, ...keptOptIn], []);
fs.writeFileSync(out, `${[...header, ...body].join('\n').trimEnd()}\n`);
console.log(`wrote ${path.relative(process.cwd(), out)}`);

// Preloaded with NODE_OPTIONS=--import into every Node process of a command under test (npm, tsx,
// the script): at exit, appends the process's peak resident memory, in kB, to PEAK_RSS_FILE. The
// kernel's own high-water mark (getrusage), so no sampling can miss a short peak.
import fs from 'node:fs';
import { isMainThread } from 'node:worker_threads';

const file = process.env.PEAK_RSS_FILE;
if (file && isMainThread) {
  process.on('exit', () => {
    const line = {
      pid: process.pid,
      argv: process.argv.slice(1),
      execArgv: process.execArgv,
      maxRssKb: process.resourceUsage().maxRSS,
    };
    fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
  });
}

// Browser tests drive Debian's Chromium: install it with apt-get when missing and running as root,
// otherwise say exactly what to install.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(CHROMIUM)) {
  if (process.getuid?.() === 0) {
    console.log("Chromium is missing: installing Debian's chromium package...");
    const run = (args) =>
      spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (
      run(['update', '-qq']).status !== 0 ||
      run(['install', '-y', '-qq', 'chromium', 'fonts-dejavu-core']).status !== 0
    ) {
      console.error('Installing chromium failed. Install it with: apt-get update && apt-get install -y chromium');
      process.exit(1);
    }
  } else {
    console.error(
      `Browser tests need Chromium at ${CHROMIUM}. Install it with: sudo apt-get update && sudo apt-get install -y chromium`,
    );
    process.exit(1);
  }
}

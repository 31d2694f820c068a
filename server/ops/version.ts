/** The running server's version: package.json's `version`, read once. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const packageJson = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../package.json');

export const SERVER_VERSION: string = (JSON.parse(fs.readFileSync(packageJson, 'utf8')) as { version: string }).version;

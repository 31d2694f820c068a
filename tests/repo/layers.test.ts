/**
 * The layer rule (eslint/boundaries.js) catches each kind of violation it names in CONTRIBUTING.md
 * "Layers", and lets the allowed forms through: linted as if the text were at the given path.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function layerMessages(file: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'boundaries/layers').map((m) => m.message);
}

describe('boundaries/layers', () => {
  it('keeps SQL and the database drivers under server/db', async () => {
    const route = [
      "import pg from 'pg';",
      "export const a = 'SELECT * FROM batches WHERE tag = $1';",
      'export const b = `UPDATE teams SET weekly_requirement = 1`;',
      "export const c = 'Select a team first';",
      'export { pg };',
    ].join('\n');
    const messages = await layerMessages('server/http/routes/probe.ts', route);
    expect(messages).toEqual([
      'Only server/db talks to the database driver; call a function of server/db.',
      'SQL lives under server/db: move this statement into a function there.',
      'SQL lives under server/db: move this statement into a function there.',
    ]);
    expect(await layerMessages('server/db/probe-repo.ts', route)).toEqual([]);
    expect(
      await layerMessages('server/ops/probe.ts', "import { PGlite } from '@electric-sql/pglite';\nexport { PGlite };"),
    ).toHaveLength(1);
  });

  it('keeps src/ui and src/lib free of features, and features apart', async () => {
    const importRoster = "export { RosterTable } from '../features/roster/roster-table';";
    expect(await layerMessages('src/lib/probe.ts', importRoster)).toEqual([
      'src/lib never imports a feature; pass what it needs in.',
    ]);
    expect(await layerMessages('src/ui/probe.ts', importRoster)).toHaveLength(1);
    expect(
      await layerMessages('src/features/events/probe.ts', "export { RosterTable } from '../roster/roster-table';"),
    ).toEqual(['A feature never imports another feature (events → roster); move what both need to src/lib or src/ui.']);
    expect(await layerMessages('src/features/roster/probe.ts', "export { x } from '../../lib/storage';")).toEqual([]);
  });
});

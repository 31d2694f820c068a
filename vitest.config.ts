import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Both cores: a server suite mostly waits on its database, its server or a child process.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        // The app's modules keep state (the API client's hooks, the online manager): a new module graph per file.
        test: { name: 'app', include: ['src/**/*.test.{ts,tsx}'] },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: [
            'server/**/*.test.ts',
            'contract/**/*.test.ts',
            'rules/**/*.test.ts',
            'tests/server/**/*.test.ts',
            'tests/repo/**/*.test.ts',
          ],
          // One migrated database, copied by each suite (tests/server/helpers.ts freshDatabase).
          globalSetup: ['tests/server/global-setup.ts'],
          // A worker imports the server code and compiles PGlite's WebAssembly once, not once per
          // file: suites share only modules, each opens its own database, app and ports.
          isolate: false,
        },
      },
    ],
  },
});

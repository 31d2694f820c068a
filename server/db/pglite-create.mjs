// Creates a new PGlite database in the directory given as the first argument, then exits: run by
// pglite.ts in a child process on a first start. Creating a database (initdb) takes several
// hundred MB that PGlite keeps until its process ends; in a process of its own, that memory goes
// back to the system at once instead of staying in the server for as long as it runs.
import './pglite-owner-only.mjs';
import { PGlite } from '@electric-sql/pglite';

const pg = await PGlite.create({ dataDir: process.argv[2] });
await pg.close();

// Run in a child process by pglite-template.ts: creates a PGlite database in the directory given
// (PGlite's initdb in WebAssembly), applies the migrations and closes it. initdb needs a second
// WebAssembly instance and several hundred MB while it runs; in a process of its own, none of that
// stays in the server. Plain JavaScript, so that it runs the same under the sources (tsx, vitest)
// and the compiled server.
//   node make-pglite-database.mjs <directory> <migrations folder> <start parameters as JSON>
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const [dir, migrationsFolder, startParams] = process.argv.slice(2);
const client = new PGlite(dir, { startParams: JSON.parse(startParams), extensions: { pg_trgm } });
await migrate(drizzle(client), { migrationsFolder });
// A checkpoint, so that a copy starts without replaying the migrations' WAL.
await client.exec('CHECKPOINT');
await client.close();

import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What the process makes is its own alone: files 0600, directories 0700, whatever the umask it was
 * started with (a shell's 000 or 002 included). Set before anything is written: the embedded
 * database, the generated JWT secret, the outbox's .eml files (reset links), the breach index.
 */
export function privateUmask(): void {
  process.umask(0o077);
}

/**
 * Makes `DATA_DIR` 0700 and everything in it 0700 (directories) or 0600 (files): a data directory
 * made by an earlier start under a permissive umask, and the embedded database copied from its
 * template (a copy keeps the template's modes), are tightened at every start. Symbolic links are
 * left alone. Returns the paths it could not change (another owner), for the start-up log.
 */
export function privateDataDir(dir: string): string[] {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const failed: string[] = [];
  const walk = (path: string): void => {
    let st: ReturnType<typeof lstatSync>;
    try {
      st = lstatSync(path);
    } catch {
      return; // gone meanwhile
    }
    if (st.isSymbolicLink()) return;
    const want = st.isDirectory() ? 0o700 : 0o600;
    if ((st.mode & 0o777) !== want) {
      try {
        chmodSync(path, want);
      } catch {
        failed.push(path);
      }
    }
    if (st.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dir);
  return failed;
}

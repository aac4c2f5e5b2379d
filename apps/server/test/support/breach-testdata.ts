/** Test data for the breach tests: generated hashes, files and folders. */
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Rec {
  hash: string; // 40 upper-case hex digits
  count: number;
}

export const sha1 = (text: string) => createHash('sha1').update(text, 'utf8').digest('hex').toUpperCase();

/** `n` records for passwords `pw0` … with counts 1 … n, plus the smallest and the largest hash. */
export function records(n: number, tag = 'pw'): Rec[] {
  const out: Rec[] = [];
  for (let i = 0; i < n; i++) out.push({ hash: sha1(`${tag}${i}`), count: i + 1 });
  out.push({ hash: '0'.repeat(40), count: 7 }, { hash: 'F'.repeat(40), count: 9 });
  return out;
}

export const sorted = (recs: Rec[]) =>
  [...recs].sort((a, b) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0));

export const toText = (recs: Rec[], eol = '\n') => recs.map((r) => `${r.hash}:${r.count}`).join(eol) + eol;

export async function tempDir(): Promise<{ dir: string; cleanup(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'pwned-test-'));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Files in a folder whose name shows a leftover of an import (temporary index or runs). */
export async function leftovers(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((f) => f.includes('.tmp-') || f.includes('.runs-'));
}

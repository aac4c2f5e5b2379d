import { createHash } from 'node:crypto';
import { readSync } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import {
  decodeHeader,
  HEADER_SIZE,
  type IndexHeader,
  PwnedIndexError,
  RECORD_SIZE,
  readU64,
  sha1FromHex,
} from './format.ts';

export { PwnedIndexError } from './format.ts';

/** Where a check was answered: the `place` field of a breach check. */
export const PLACE_LOCAL_INDEX = 'local index';
export const PLACE_BUILTIN = 'built-in list';
export type Place = typeof PLACE_LOCAL_INDEX | typeof PLACE_BUILTIN;

export interface LookupDetail {
  /** Times the hash was seen in breaches, 0 when absent. */
  count: number;
  /**
   * Work the lookup took: for the local index, positional reads of the index file (normally 1:
   * the prefix table is held in memory and the records around the hash's interpolated position
   * are read at once); for the built-in list, binary-search probes.
   */
  tries: number;
}

/** Anything a password can be checked against. */
export interface BreachSource {
  readonly place: Place;
  lookupDetailed(sha1Hex: string): Promise<LookupDetail>;
}

export interface IndexInfo {
  path: string;
  records: number;
  /** How the index was built (source kind and path), as recorded by the importer. */
  source: string;
  builtAt: Date;
  sizeBytes: number;
  prefixBits: number;
  version: number;
}

export interface PwnedIndex extends BreachSource {
  /** Times the SHA-1 (40 hexadecimal digits, any case) was seen; 0 when absent. */
  lookup(sha1Hex: string): Promise<number>;
  readonly count: number;
  readonly info: IndexInfo;
  /** Closes the file once lookups in flight have finished; later lookups throw. */
  close(): Promise<void>;
}

export interface OpenOptions {
  /**
   * Keep the prefix table in memory (up to 8 MiB for 2^20 entries) so a lookup is a single read.
   * Default true; with false each lookup first reads its two table entries from the file.
   */
  cachePrefixTable?: boolean;
  /** Largest record range read in one go; larger ranges are narrowed by binary search first. */
  maxRangeBytes?: number;
  /**
   * Records read around a hash's interpolated position in its bucket. Default: four standard
   * deviations of that position each side (132 records, 3 KB, in a bucket of the full data set's
   * ~950); 0 reads the whole bucket, as lookups once did. Small values make tests take
   * the second-read path.
   */
  searchWindow?: number;
}

export class IndexClosedError extends PwnedIndexError {
  override name = 'IndexClosedError';
}

async function readFully(fh: FileHandle, length: number, position: number): Promise<Buffer> {
  const buf = Buffer.allocUnsafe(length);
  let got = 0;
  while (got < length) {
    const { bytesRead } = await fh.read(buf, got, length - got, position + got);
    if (bytesRead === 0) throw new PwnedIndexError('unexpected end of index file');
    got += bytesRead;
  }
  return buf;
}

/**
 * A lookup's read: one positional read of at most `maxRangeBytes` (64 KiB; the interpolation
 * window is about 3 KiB on the full data set), made synchronously. The page cache answers it in a few
 * microseconds, less than a round trip through libuv's thread pool costs (that round trip was
 * two thirds of a lookup); a cold read is one disk read (~0.1 ms on an SSD), rare and short next
 * to the argon2id hashing a password change does anyway.
 */
function readRange(fh: FileHandle, length: number, position: number): Buffer {
  const buf = Buffer.allocUnsafe(length);
  let got = 0;
  while (got < length) {
    const n = readSync(fh.fd, buf, got, length - got, position + got);
    if (n === 0) throw new PwnedIndexError('unexpected end of index file');
    got += n;
  }
  return buf;
}

/** Binary search of a range of records in memory; returns the count or 0. */
function searchBuffer(buf: Buffer, n: number, hash: Buffer): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const off = mid * RECORD_SIZE;
    const c = hash.compare(buf, off, off + 20);
    if (c === 0) return buf.readUInt32BE(off + 20);
    if (c < 0) hi = mid;
    else lo = mid + 1;
  }
  return 0;
}

/**
 * Where in its bucket a hash is expected: SHA-1 digests are spread evenly, so the bits below the
 * bucket's prefix, as a fraction, give the share of the bucket's records that sort before it.
 * The actual rank is off by a binomial error, √(n·f·(1−f)) ≤ √n / 2 records.
 */
function bucketFraction(hash: Buffer, prefixBits: number): number {
  const below = 48 - prefixBits;
  return (hash.readUIntBE(0, 6) % 2 ** below) / 2 ** below;
}

/** The default interpolation window for a bucket of n records: ±4 standard deviations, plus slack. */
function defaultWindow(n: number): number {
  return Math.ceil(4 * Math.sqrt(n)) + 8;
}

/**
 * Opens an index for lookups. Nothing but the header (and, by default, the prefix table) is
 * read up front: a lookup takes the bucket of its hash prefix from the table, reads a window of
 * records around the hash's interpolated position in that bucket (3 KB, one or two pages, where
 * the whole bucket is ~22 KB on the full data set) with one positional read and binary-searches
 * it in memory. When the hash lies outside the window (about 1 lookup in 10,000 on SHA-1 data,
 * more on skewed data) the rest of the bucket on its side is read: a second read.
 */
export async function openPwnedIndex(path: string, opts: OpenOptions = {}): Promise<PwnedIndex> {
  const fh = await open(path, 'r');
  let header: IndexHeader;
  let table: Buffer | null = null;
  let size: number;
  try {
    size = (await fh.stat()).size;
    if (size < HEADER_SIZE) throw new PwnedIndexError('not a breached-password index (file too short)');
    header = decodeHeader(await readFully(fh, HEADER_SIZE, 0), size);
    const entries = 2 ** header.prefixBits + 1;
    const last = readU64(await readFully(fh, 8, header.tableOffset + (entries - 1) * 8), 0);
    if (last !== header.recordCount)
      throw new PwnedIndexError('prefix table does not match the record count');
    if (opts.cachePrefixTable !== false) table = await readFully(fh, entries * 8, header.tableOffset);
  } catch (e) {
    await fh.close();
    if (e instanceof PwnedIndexError) e.message = `${path}: ${e.message}`;
    throw e;
  }
  const maxRange = Math.max(RECORD_SIZE, opts.maxRangeBytes ?? 64 * 1024);
  const windowFor = (n: number) => (opts.searchWindow === undefined ? defaultWindow(n) : opts.searchWindow);
  const shift = 24 - header.prefixBits;
  const { dataOffset, recordCount } = header;
  let inflight = 0;
  let closed = false;
  let drained: (() => void) | null = null;

  async function find(hash: Buffer): Promise<LookupDetail> {
    let tries = 0;
    const p = header.prefixBits === 0 ? 0 : hash.readUIntBE(0, 3) >>> shift;
    let lo: number;
    let hi: number;
    if (table) {
      lo = readU64(table, p * 8);
      hi = readU64(table, p * 8 + 8);
    } else {
      const entries = readRange(fh, 16, header.tableOffset + p * 8);
      tries++;
      lo = readU64(entries, 0);
      hi = readU64(entries, 8);
    }
    if (lo > hi || hi > recordCount) throw new PwnedIndexError(`${path}: damaged prefix table`);
    const window = Math.min(Math.max(0, Math.floor(windowFor(hi - lo))), Math.floor(maxRange / RECORD_SIZE));
    if (window > 0 && hi - lo > window) {
      const est = lo + Math.floor(bucketFraction(hash, header.prefixBits) * (hi - lo));
      const start = Math.min(Math.max(lo, est - (window >> 1)), hi - window);
      const end = start + window;
      const buf = readRange(fh, window * RECORD_SIZE, dataOffset + start * RECORD_SIZE);
      tries++;
      if (hash.compare(buf, 0, 20) < 0) {
        if (start === lo) return { count: 0, tries };
        hi = start;
      } else if (hash.compare(buf, (window - 1) * RECORD_SIZE, (window - 1) * RECORD_SIZE + 20) > 0) {
        if (end === hi) return { count: 0, tries };
        lo = end;
      } else {
        return { count: searchBuffer(buf, window, hash), tries };
      }
    }
    // Very large ranges (skewed data): narrow down with single-record probes first.
    while ((hi - lo) * RECORD_SIZE > maxRange) {
      const mid = Math.floor((lo + hi) / 2);
      const rec = readRange(fh, RECORD_SIZE, dataOffset + mid * RECORD_SIZE);
      tries++;
      const c = hash.compare(rec, 0, 20);
      if (c === 0) return { count: rec.readUInt32BE(20), tries };
      if (c < 0) hi = mid;
      else lo = mid + 1;
    }
    if (hi === lo) return { count: 0, tries };
    const range = readRange(fh, (hi - lo) * RECORD_SIZE, dataOffset + lo * RECORD_SIZE);
    tries++;
    return { count: searchBuffer(range, hi - lo, hash), tries };
  }

  async function lookupDetailed(sha1Hex: string): Promise<LookupDetail> {
    const hash = sha1FromHex(sha1Hex);
    if (closed) throw new IndexClosedError(`${path}: index closed`);
    inflight++;
    try {
      return await find(hash);
    } finally {
      inflight--;
      if (inflight === 0 && drained) drained();
    }
  }

  const info: IndexInfo = {
    path,
    records: recordCount,
    source: header.source,
    builtAt: header.builtAt,
    sizeBytes: size,
    prefixBits: header.prefixBits,
    version: header.version,
  };

  return {
    place: PLACE_LOCAL_INDEX,
    count: recordCount,
    info,
    lookupDetailed,
    async lookup(sha1Hex) {
      return (await lookupDetailed(sha1Hex)).count;
    },
    async close() {
      if (closed) return;
      closed = true;
      if (inflight > 0) await new Promise<void>((r) => (drained = r));
      await fh.close();
    },
  };
}

/** The result of a breach check (hacked, count, password, tries, place, hash). */
export interface BreachCheck {
  /** The password was found in the breach data. */
  hacked: boolean;
  /** Times it was seen (the built-in list has no counts: 1 when found there). */
  count: number;
  /** The password as the caller sent it, nothing else. */
  password: string;
  /** See LookupDetail.tries. */
  tries: number;
  /** 'local index' or 'built-in list'. */
  place: Place;
  /** SHA-1 of the UTF-8 password, 40 upper-case hexadecimal digits (the form the data set uses). */
  hash: string;
}

export function sha1Upper(password: string): string {
  return createHash('sha1').update(password, 'utf8').digest('hex').toUpperCase();
}

/** Checks a password against an index or the built-in list. */
export async function checkPassword(index: BreachSource, password: string): Promise<BreachCheck> {
  if (typeof password !== 'string') throw new TypeError('password must be a string');
  const hash = sha1Upper(password);
  const { count, tries } = await index.lookupDetailed(hash);
  return { hacked: count > 0, count, password, tries, place: index.place, hash };
}

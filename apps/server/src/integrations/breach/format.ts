/**
 * The on-disk format of the local Pwned Passwords index (docs/integrations/breached-passwords.md).
 *
 *   offset 0             header, HEADER_SIZE (4096) bytes, big-endian fields (see HeaderField)
 *   offset dataOffset    records: recordCount × 24 bytes, sorted ascending by hash, no duplicates
 *                          bytes 0..19  SHA-1 digest
 *                          bytes 20..23 count, unsigned 32-bit big-endian (saturated at 2^32 − 1)
 *   offset tableOffset   prefix table: (2^prefixBits + 1) unsigned 64-bit big-endian record numbers;
 *                          entry p = number of the first record whose top prefixBits bits are ≥ p,
 *                          entry 2^prefixBits = recordCount
 *   end of file          = tableOffset + (2^prefixBits + 1) × 8, exactly
 *
 * The prefix table sits after the records so the importer can stream sorted input straight to
 * disk and choose the table size (2^8 … 2^20 entries) once it knows the record count. Offsets
 * are 64-bit on disk and handled as JavaScript numbers (exact below 2^53; a full data set of
 * ~1 billion records is ~24 GB).
 */

export const MAGIC = 'PWNEDIDX';
export const FORMAT_VERSION = 1;
export const HEADER_SIZE = 4096;
export const HASH_SIZE = 20;
export const RECORD_SIZE = 24;
export const MAX_COUNT = 0xffff_ffff;
/** The importer computes a 2^20 prefix table while streaming and shrinks it to the chosen size. */
export const MAX_PREFIX_BITS = 20;
export const MIN_PREFIX_BITS = 8;
/** Average records per prefix bucket the importer aims for (a bucket is read in one go). */
export const TARGET_BUCKET_RECORDS = 256;
export const MAX_SOURCE_BYTES = 2048;

/** Header field offsets. */
export const HeaderField = {
  magic: 0, // 8 ASCII bytes
  version: 8, // u32
  headerSize: 12, // u32
  recordSize: 16, // u32
  prefixBits: 20, // u32
  recordCount: 24, // u64
  dataOffset: 32, // u64
  tableOffset: 40, // u64
  builtAt: 48, // u64, milliseconds since the epoch
  sourceLength: 56, // u32, bytes of the UTF-8 source description that follows
  source: 60, // UTF-8, at most MAX_SOURCE_BYTES
} as const;

export interface IndexHeader {
  version: number;
  prefixBits: number;
  recordCount: number;
  dataOffset: number;
  tableOffset: number;
  builtAt: Date;
  source: string;
}

export class PwnedIndexError extends Error {
  override name = 'PwnedIndexError';
}

export function tableBytes(prefixBits: number): number {
  return (2 ** prefixBits + 1) * 8;
}

export function fileSizeFor(recordCount: number, prefixBits: number): number {
  return HEADER_SIZE + recordCount * RECORD_SIZE + tableBytes(prefixBits);
}

/** The prefix table size for a record count: about TARGET_BUCKET_RECORDS per bucket. */
export function choosePrefixBits(recordCount: number): number {
  const bits = Math.ceil(Math.log2(Math.max(1, recordCount) / TARGET_BUCKET_RECORDS));
  return Math.min(MAX_PREFIX_BITS, Math.max(MIN_PREFIX_BITS, bits));
}

/** The top 20 bits of the hash stored at buf[off]. */
export function prefix20(buf: Uint8Array, off: number): number {
  return (u8(buf, off) << 12) | (u8(buf, off + 1) << 4) | (u8(buf, off + 2) >> 4);
}

export function writeU64(buf: Buffer, off: number, value: number): void {
  buf.writeUInt32BE(Math.floor(value / 0x1_0000_0000), off);
  buf.writeUInt32BE(value % 0x1_0000_0000, off + 4);
}

export function readU64(buf: Buffer, off: number): number {
  const value = buf.readUInt32BE(off) * 0x1_0000_0000 + buf.readUInt32BE(off + 4);
  if (!Number.isSafeInteger(value)) throw new PwnedIndexError('64-bit value out of range');
  return value;
}

/** Cuts a string to at most `max` UTF-8 bytes without splitting a character. */
export function truncateUtf8(text: string, max: number): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= max) return bytes;
  let end = max;
  while (end > 0 && (u8(bytes, end) & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end);
}

export function encodeHeader(h: Omit<IndexHeader, 'version'>): Buffer {
  const buf = Buffer.alloc(HEADER_SIZE);
  buf.write(MAGIC, HeaderField.magic, 'latin1');
  buf.writeUInt32BE(FORMAT_VERSION, HeaderField.version);
  buf.writeUInt32BE(HEADER_SIZE, HeaderField.headerSize);
  buf.writeUInt32BE(RECORD_SIZE, HeaderField.recordSize);
  buf.writeUInt32BE(h.prefixBits, HeaderField.prefixBits);
  writeU64(buf, HeaderField.recordCount, h.recordCount);
  writeU64(buf, HeaderField.dataOffset, h.dataOffset);
  writeU64(buf, HeaderField.tableOffset, h.tableOffset);
  writeU64(buf, HeaderField.builtAt, h.builtAt.getTime());
  const source = truncateUtf8(h.source, MAX_SOURCE_BYTES);
  buf.writeUInt32BE(source.length, HeaderField.sourceLength);
  source.copy(buf, HeaderField.source);
  return buf;
}

/** Reads and checks a header; `fileSize` is checked against the layout it describes. */
export function decodeHeader(buf: Buffer, fileSize: number): IndexHeader {
  if (buf.length < HEADER_SIZE || buf.toString('latin1', 0, 8) !== MAGIC) {
    throw new PwnedIndexError('not a breached-password index (bad magic)');
  }
  const version = buf.readUInt32BE(HeaderField.version);
  if (version !== FORMAT_VERSION) throw new PwnedIndexError(`unsupported index version ${version}`);
  if (
    buf.readUInt32BE(HeaderField.headerSize) !== HEADER_SIZE ||
    buf.readUInt32BE(HeaderField.recordSize) !== RECORD_SIZE
  ) {
    throw new PwnedIndexError('unsupported header or record size');
  }
  const prefixBits = buf.readUInt32BE(HeaderField.prefixBits);
  if (prefixBits > 24) throw new PwnedIndexError(`bad prefix table size (${prefixBits} bits)`);
  const recordCount = readU64(buf, HeaderField.recordCount);
  const dataOffset = readU64(buf, HeaderField.dataOffset);
  const tableOffset = readU64(buf, HeaderField.tableOffset);
  const builtAt = new Date(readU64(buf, HeaderField.builtAt));
  const sourceLength = Math.min(buf.readUInt32BE(HeaderField.sourceLength), MAX_SOURCE_BYTES);
  const source = buf.toString('utf8', HeaderField.source, HeaderField.source + sourceLength);
  if (dataOffset !== HEADER_SIZE || tableOffset !== dataOffset + recordCount * RECORD_SIZE) {
    throw new PwnedIndexError('inconsistent header offsets');
  }
  const expected = tableOffset + tableBytes(prefixBits);
  if (fileSize !== expected) {
    throw new PwnedIndexError(
      `index file is ${fileSize} bytes, its header describes ${expected} (truncated or damaged)`,
    );
  }
  return { version, prefixBits, recordCount, dataOffset, tableOffset, builtAt, source };
}

/** ASCII byte → nibble value, −1 for anything that is not a hexadecimal digit. */
export const HEX_VALUE = (() => {
  const t = new Int8Array(256).fill(-1);
  for (let i = 0; i < 10; i++) t[48 + i] = i;
  for (let i = 0; i < 6; i++) {
    t[65 + i] = 10 + i;
    t[97 + i] = 10 + i;
  }
  return t;
})();

const SHA1_HEX = /^[0-9a-fA-F]{40}$/;

/** Parses a 40-digit SHA-1 in hexadecimal (any case) into 20 bytes; throws on anything else. */
export function sha1FromHex(hex: string): Buffer {
  if (typeof hex !== 'string' || !SHA1_HEX.test(hex)) {
    throw new TypeError('expected a SHA-1 digest as 40 hexadecimal digits');
  }
  return Buffer.from(hex, 'hex');
}

/**
 * `a[i]` for an `i` the caller keeps inside `a` (a loop bound, a record offset), or a RangeError:
 * typed-array reads are `number | undefined` with `noUncheckedIndexedAccess`. Kept this small (the
 * throw in a function of its own) so V8 inlines it. The sort, merge and parse loops each have
 * their own copy in their module: called across modules (under tsx, as bench/pwned.ts runs them),
 * the same helper made the sort four times slower.
 */
function u8(a: Uint8Array, i: number): number {
  const v = a[i];
  return v === undefined ? outside(a, i) : v;
}

/** The RangeError of an index outside its typed array (the hot loops' `u8`, `u32`, `i8`). */
export function outside(a: ArrayLike<number>, i: number): never {
  throw new RangeError(`index ${i} outside 0..${a.length - 1}`);
}

/** Compares the 20-byte hashes at a[ao] and b[bo]. */
export function compareHash(a: Uint8Array, ao: number, b: Uint8Array, bo: number): number {
  for (let i = 0; i < HASH_SIZE; i++) {
    const d = u8(a, ao + i) - u8(b, bo + i);
    if (d !== 0) return d;
  }
  return 0;
}

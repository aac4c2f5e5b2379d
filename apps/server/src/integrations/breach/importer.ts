import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { type FileHandle, mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { createGunzip } from 'node:zlib';
import { errorText } from '../../lib/error-text.ts';
import { choosePrefixBits, compareHash, fileSizeFor, HEADER_SIZE, outside, RECORD_SIZE } from './format.ts';
import { LineParser, type MalformedLine, MalformedReport, RecordBatch } from './parser.ts';
import { sortRecords } from './sort.ts';
import { SortedWriter } from './writer.ts';

/** `a[i]` for an `i` inside `a`, or a RangeError (module-local: see `u8` in format.ts). */
function u32(a: Uint32Array, i: number): number {
  const v = a[i];
  return v === undefined ? outside(a, i) : v;
}

export type { MalformedLine } from './parser.ts';

/**
 * Builds the local Pwned Passwords index from the public data set (format: format.ts).
 *
 * Sources
 *  - a text file of `HASH:COUNT` lines (SHA-1 in 40 hexadecimal digits, any case), sorted or
 *    not, plain or gzip-compressed (recognised by its magic bytes, not its name);
 *  - a directory of prefix files `00000` … `FFFFF` (or `00000.txt` …, as the official downloader
 *    writes them with --single false) of `SUFFIX:COUNT` lines; files are read in prefix order.
 *
 * Sorted input is streamed straight into the index. At the first record out of order the
 * records written so far become the first sorted run, the rest is sorted in memory chunks of
 * `sortChunkBytes` (256 MiB by default) written to temporary run files, and all runs are merged
 * (k-way) into a new index — memory stays bounded whatever the input size. Duplicate hashes are
 * merged, keeping the larger count.
 *
 * Malformed lines: the import fails when there are more than `maxMalformed` (default 0) of
 * them. It reads on until it has collected `reportLimit` (default 20) examples, then stops;
 * the PwnedImportError lists each with file name and line number. With `maxMalformed` > 0 the
 * tolerated lines are skipped and listed in the result.
 *
 * Safety: the index is written to a temporary file beside `indexPath`, synced, then renamed
 * over it, so a failed or repeated import leaves the previous index intact and a reader never
 * sees a half-written one (an open reader keeps the file it opened). Temporary files are
 * removed on failure. Disk space: the index (24 bytes per record, ~24 GB for the full set),
 * plus, for unsorted input only, the same again for the sorted runs and the merged copy.
 */
export interface ImportOptions {
  /**
   * Progress: in the phase 'read', bytes of the source read so far (compressed bytes for gzip)
   * and the total size of the source; in the phase 'merge' (unsorted input only), records
   * merged and the total.
   */
  onProgress?(done: number, total?: number, phase?: ImportPhase): void;
  /** Malformed lines tolerated (skipped) before the import fails. Default 0. */
  maxMalformed?: number;
  /** Malformed lines kept for the report. Default 20. */
  reportLimit?: number;
  /** Bytes of records sorted in memory per run for unsorted input. Default 256 MiB. */
  sortChunkBytes?: number;
  /** Where run files go; default a temporary folder beside the index. */
  tmpDir?: string;
  /** Source description kept in the header; default the source kind and absolute path. */
  sourceDescription?: string;
  /** Clock for the built-at time (tests). */
  now?(): Date;
}

export type ImportPhase = 'read' | 'merge';

export interface ImportResult {
  indexPath: string;
  /** Distinct hashes in the index. */
  records: number;
  /** Lines read (all files). */
  lines: number;
  /** Repeated hashes merged into one record. */
  duplicates: number;
  /** Lines with a count of 0, left out. */
  zeroCounts: number;
  malformedCount: number;
  /** The first malformed lines (tolerated with maxMalformed). */
  malformed: MalformedLine[];
  /** True when the input was already in order (streamed without sorting). */
  sortedInput: boolean;
  /** Sorted runs merged (0 for sorted input). */
  runs: number;
  files: number;
  /** Prefix files missing from a prefix directory (0 for a complete download or a single file). */
  missingPrefixes: number;
  /** Files in a prefix directory that are not prefix files, ignored. */
  ignoredFiles: number;
  bytesRead: number;
  sizeBytes: number;
  source: string;
  builtAt: Date;
  elapsedMs: number;
}

export class PwnedImportError extends Error {
  override name = 'PwnedImportError';
  readonly malformed: MalformedLine[];
  readonly malformedCount: number;
  constructor(message: string, malformed: MalformedLine[] = [], malformedCount = 0) {
    super(message);
    this.malformed = malformed;
    this.malformedCount = malformedCount;
  }
}

export const DEFAULT_SORT_CHUNK_BYTES = 256 * 1024 * 1024;
const READ_CHUNK = 4 * 1024 * 1024;
const PREFIX_FILE = /^([0-9A-Fa-f]{5})(\.txt)?$/;

interface Input {
  path: string;
  name: string;
  prefix: string | null;
  size: number;
}

interface Source {
  kind: 'file' | 'directory';
  inputs: Input[];
  ignoredFiles: number;
  missingPrefixes: number;
  totalBytes: number;
}

async function listSource(source: string): Promise<Source> {
  const st = await stat(source).catch((e: NodeJS.ErrnoException) => {
    throw new PwnedImportError(
      e.code === 'ENOENT' ? `source not found: ${source}` : `cannot read ${source}: ${e.message}`,
    );
  });
  if (st.isFile()) {
    return {
      kind: 'file',
      inputs: [{ path: source, name: basename(source), prefix: null, size: st.size }],
      ignoredFiles: 0,
      missingPrefixes: 0,
      totalBytes: st.size,
    };
  }
  if (!st.isDirectory()) throw new PwnedImportError(`not a file or directory: ${source}`);
  const entries = await readdir(source, { withFileTypes: true });
  const byPrefix = new Map<string, string>();
  let ignoredFiles = 0;
  for (const e of entries) {
    const m = e.isFile() ? PREFIX_FILE.exec(e.name) : null;
    if (!m) {
      if (e.isFile()) ignoredFiles++;
      continue;
    }
    const prefix = e.name.slice(0, 5).toUpperCase(); // the name matched PREFIX_FILE: 5 hex digits first
    const other = byPrefix.get(prefix);
    if (other) throw new PwnedImportError(`two files for prefix ${prefix}: ${other} and ${e.name}`);
    byPrefix.set(prefix, e.name);
  }
  if (byPrefix.size === 0) {
    throw new PwnedImportError(`no prefix files (00000 … FFFFF, optionally .txt) in ${source}`);
  }
  const inputs: Input[] = [];
  let totalBytes = 0;
  for (const [prefix, name] of [...byPrefix].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const path = join(source, name);
    const size = (await stat(path)).size;
    totalBytes += size;
    inputs.push({ path, name, prefix, size });
  }
  return { kind: 'directory', inputs, ignoredFiles, missingPrefixes: 2 ** 20 - inputs.length, totalBytes };
}

/** The chunks of a file, decompressed when it starts with the gzip magic bytes. */
async function* readChunks(path: string, onBytes: (bytes: number) => void): AsyncGenerator<Buffer> {
  const head = Buffer.alloc(2);
  const fh = await open(path, 'r');
  const { bytesRead } = await fh.read(head, 0, 2, 0).finally(() => fh.close());
  const gzip = bytesRead === 2 && head[0] === 0x1f && head[1] === 0x8b;
  const rs = createReadStream(path, { highWaterMark: READ_CHUNK });
  try {
    if (!gzip) {
      for await (const chunk of rs) {
        onBytes(rs.bytesRead);
        yield chunk as Buffer;
      }
      return;
    }
    const gunzip = createGunzip({ chunkSize: 1024 * 1024 });
    rs.on('error', (e) => gunzip.destroy(e));
    rs.pipe(gunzip);
    try {
      for await (const chunk of gunzip) {
        onBytes(rs.bytesRead);
        yield chunk as Buffer;
      }
    } catch (e) {
      throw new PwnedImportError(`${basename(path)}: cannot decompress: ${errorText(e)}`);
    } finally {
      gunzip.destroy();
    }
  } finally {
    rs.destroy();
  }
}

/** Collects unsorted records in memory chunks; full chunks are sorted and written as runs. */
class RunCollector {
  private chunk = Buffer.allocUnsafe(0);
  private n = 0;
  readonly runs: { path: string; count: number }[] = [];
  total = 0;

  private readonly dir: string;
  private readonly maxRecords: number;
  constructor(dir: string, maxRecords: number) {
    this.dir = dir;
    this.maxRecords = maxRecords;
  }

  async push(batch: Buffer, n: number): Promise<void> {
    let i = 0;
    while (i < n) {
      if (this.n === this.maxRecords) await this.spill();
      // One allocation of the full chunk: a fresh ArrayBuffer is zero-filled lazily by the
      // system, so memory is only committed as records arrive (and it is 4-byte aligned for
      // MemoryCursor.gather).
      if (this.chunk.length === 0) this.chunk = Buffer.from(new ArrayBuffer(this.maxRecords * RECORD_SIZE));
      const take = Math.min(n - i, this.maxRecords - this.n);
      batch.copy(this.chunk, this.n * RECORD_SIZE, i * RECORD_SIZE, (i + take) * RECORD_SIZE);
      this.n += take;
      this.total += take;
      i += take;
    }
  }

  private async spill(): Promise<void> {
    const path = join(this.dir, `run-${String(this.runs.length).padStart(5, '0')}`);
    const fh = await open(path, 'wx');
    try {
      const cursor = new MemoryCursor(this.chunk, this.n);
      let pos = 0;
      while (cursor.end > 0) {
        await fh.write(cursor.buf, 0, cursor.end, pos);
        pos += cursor.end;
        await cursor.refill();
      }
    } finally {
      await fh.close();
    }
    this.runs.push({ path, count: this.n });
    this.n = 0;
  }

  /** The runs to merge: the files written, plus the last chunk kept in memory. */
  cursors(bufferBytes: number): Promise<Cursor[]> {
    const out: Promise<Cursor>[] = this.runs.map((r) => FileCursor.open(r.path, 0, r.count, bufferBytes));
    if (this.n > 0) out.push(Promise.resolve(new MemoryCursor(this.chunk, this.n)));
    return Promise.all(out);
  }
}

/** A sorted run read in order: the current record is at buf[off]; off === end means drained. */
interface Cursor {
  buf: Buffer;
  /** 32-bit view of buf (buf is 4-byte aligned). */
  u32: Uint32Array;
  off: number;
  end: number;
  refill(): Promise<void>;
  close(): Promise<void>;
}

class FileCursor implements Cursor {
  buf: Buffer;
  u32: Uint32Array;
  off = 0;
  end = 0;
  private readonly fh: FileHandle;
  private pos: number;
  private readonly stop: number;
  private constructor(fh: FileHandle, pos: number, stop: number, bufferBytes: number) {
    this.fh = fh;
    this.pos = pos;
    this.stop = stop;
    this.buf = Buffer.from(new ArrayBuffer(bufferBytes));
    this.u32 = new Uint32Array(this.buf.buffer, 0, bufferBytes >>> 2);
  }

  static async open(path: string, offset: number, count: number, bufferBytes: number): Promise<FileCursor> {
    const c = new FileCursor(await open(path, 'r'), offset, offset + count * RECORD_SIZE, bufferBytes);
    await c.refill();
    return c;
  }

  async refill(): Promise<void> {
    const want = Math.min(this.buf.length, this.stop - this.pos);
    let got = 0;
    while (got < want) {
      const { bytesRead } = await this.fh.read(this.buf, got, want - got, this.pos + got);
      if (bytesRead === 0) throw new PwnedImportError('a temporary run file is shorter than expected');
      got += bytesRead;
    }
    this.pos += want;
    this.off = 0;
    this.end = want;
  }

  close(): Promise<void> {
    return this.fh.close();
  }
}

/** Walks an in-memory chunk in sorted order, gathering records into a buffer. */
class MemoryCursor implements Cursor {
  buf = Buffer.from(new ArrayBuffer(65_536 * RECORD_SIZE));
  u32 = new Uint32Array(this.buf.buffer, 0, this.buf.length >>> 2);
  off = 0;
  end = 0;
  private next = 0;
  private readonly order: Uint32Array;

  private readonly chunk: Buffer;
  constructor(chunk: Buffer, n: number) {
    this.chunk = chunk;
    this.order = sortRecords(chunk, n);
    this.gather();
  }

  private gather(): void {
    const { order, chunk, buf } = this;
    const stop = Math.min(order.length, this.next + buf.length / RECORD_SIZE);
    let o = 0;
    if (chunk.byteOffset % 4 === 0 && buf.byteOffset % 4 === 0) {
      // Word copies through 32-bit views: much cheaper than a native copy call per record.
      const src = new Uint32Array(chunk.buffer, chunk.byteOffset, chunk.length >>> 2);
      const dst = this.u32;
      for (let i = this.next; i < stop; i++, o += 6) {
        const s = u32(order, i) * 6;
        dst[o] = u32(src, s);
        dst[o + 1] = u32(src, s + 1);
        dst[o + 2] = u32(src, s + 2);
        dst[o + 3] = u32(src, s + 3);
        dst[o + 4] = u32(src, s + 4);
        dst[o + 5] = u32(src, s + 5);
      }
      o *= 4;
    } else {
      for (let i = this.next; i < stop; i++, o += RECORD_SIZE) {
        const s = u32(order, i) * RECORD_SIZE;
        chunk.copy(buf, o, s, s + RECORD_SIZE);
      }
    }
    this.next = stop;
    this.off = 0;
    this.end = o;
  }

  async refill(): Promise<void> {
    this.gather();
  }

  async close(): Promise<void> {}
}

/** k-way merge of sorted runs into the writer (which merges duplicates across runs). */
async function mergeRuns(cursors: Cursor[], writer: SortedWriter, progress: (done: number) => void) {
  const heap = cursors.filter((c) => c.end > 0);
  const less = (a: Cursor, b: Cursor) => compareHash(a.buf, a.off, b.buf, b.off) < 0;
  /** heap[i] for an i below heap.length. */
  const at = (i: number): Cursor => {
    const c = heap[i];
    if (!c) throw new PwnedImportError(`internal error: merge heap has no entry ${i}`);
    return c;
  };
  const down = (i: number) => {
    const n = heap.length;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) return;
      const r = l + 1;
      const m = r < n && less(at(r), at(l)) ? r : l;
      const child = at(m);
      const parent = at(i);
      if (!less(child, parent)) return;
      heap[m] = parent;
      heap[i] = child;
      i = m;
    }
  };
  for (let i = (heap.length >> 1) - 1; i >= 0; i--) down(i);
  const out = Buffer.from(new ArrayBuffer(65_536 * RECORD_SIZE));
  const o32 = new Uint32Array(out.buffer);
  const cap = out.length / RECORD_SIZE;
  let n = 0;
  let done = 0;
  const emit = async () => {
    const took = await writer.push(out, n);
    if (took !== n) throw new PwnedImportError('internal error: merged records out of order');
    done += n;
    n = 0;
    progress(done);
  };
  while (heap.length > 1) {
    const c = at(0);
    const s = c.off >>> 2;
    const d = n * 6;
    const src = c.u32;
    o32[d] = u32(src, s);
    o32[d + 1] = u32(src, s + 1);
    o32[d + 2] = u32(src, s + 2);
    o32[d + 3] = u32(src, s + 3);
    o32[d + 4] = u32(src, s + 4);
    o32[d + 5] = u32(src, s + 5);
    n++;
    c.off += RECORD_SIZE;
    if (c.off === c.end) {
      await c.refill();
      if (c.end === 0) {
        const last = heap.pop();
        if (last && heap.length > 0) heap[0] = last;
      }
    }
    if (heap.length > 0) down(0);
    if (n === cap) await emit();
  }
  // One run left: copy the rest in blocks.
  const c = heap[0];
  while (c && c.end > 0) {
    const bytes = Math.min(c.end - c.off, (cap - n) * RECORD_SIZE);
    c.buf.copy(out, n * RECORD_SIZE, c.off, c.off + bytes);
    n += bytes / RECORD_SIZE;
    c.off += bytes;
    if (n === cap) await emit();
    if (c.off === c.end) await c.refill();
  }
  if (n > 0) await emit();
}

function throttled(cb: ImportOptions['onProgress'], phase: ImportPhase, total: number | undefined) {
  let last = 0;
  return (done: number, force = false) => {
    if (!cb) return;
    const now = Date.now();
    if (!force && now - last < 200) return;
    last = now;
    cb(done, total, phase);
  };
}

async function removeQuietly(path: string | null, dir = false): Promise<void> {
  if (!path) return;
  await (dir ? rm(path, { recursive: true, force: true }) : unlink(path)).catch(() => {});
}

async function syncDir(dir: string): Promise<void> {
  const fh = await open(dir, 'r').catch(() => null);
  if (!fh) return;
  await fh.sync().catch(() => {});
  await fh.close();
}

function describe(source: Source, path: string): string {
  const abs = resolve(path);
  if (source.kind === 'directory') return `prefix directory (${source.inputs.length} files): ${abs}`;
  return `text file: ${abs}`;
}

/** Imports a Pwned Passwords download into the index at `indexPath` (see ImportOptions). */
export async function importPwned(
  source: string,
  indexPath: string,
  opts: ImportOptions = {},
): Promise<ImportResult> {
  const started = Date.now();
  const maxMalformed = opts.maxMalformed ?? 0;
  const report = new MalformedReport(Math.max(1, opts.reportLimit ?? 20));
  const chunkRecords = Math.max(
    1024,
    Math.floor((opts.sortChunkBytes ?? DEFAULT_SORT_CHUNK_BYTES) / RECORD_SIZE),
  );
  const src = await listSource(source);
  const description = opts.sourceDescription ?? describe(src, source);
  const builtAt = opts.now?.() ?? new Date();

  await mkdir(dirname(indexPath), { recursive: true });
  const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const tmpIndex = `${indexPath}.tmp-${tag}`;
  let mergedIndex: string | null = null;
  let runDir: string | null = null;
  const handles: FileHandle[] = [];
  const cursors: Cursor[] = [];
  let renamed = false;
  try {
    const fh = await open(tmpIndex, 'wx+');
    handles.push(fh);
    const writer = new SortedWriter(fh);
    let collector: RunCollector | null = null;
    const batch = new RecordBatch();
    let lines = 0;
    let zeroCounts = 0;
    let bytesBefore = 0;
    let stoppedEarly = false;
    const readProgress = throttled(opts.onProgress, 'read', src.totalBytes);

    const deliver = async () => {
      if (batch.n === 0) return;
      if (!collector) {
        const took = await writer.push(batch.buf, batch.n);
        if (took < batch.n) {
          await writer.finish();
          runDir = opts.tmpDir ? join(opts.tmpDir, `pwned-runs-${tag}`) : `${indexPath}.runs-${tag}`;
          await mkdir(runDir, { recursive: true });
          collector = new RunCollector(runDir, chunkRecords);
          await collector.push(batch.buf.subarray(took * RECORD_SIZE), batch.n - took);
        }
      } else {
        await collector.push(batch.buf, batch.n);
      }
      batch.n = 0;
    };
    const tooMany = () => report.count > maxMalformed && report.lines.length >= report.limit;

    reading: for (const input of src.inputs) {
      const parser = new LineParser(input.name, input.prefix, report);
      for await (const chunk of readChunks(input.path, (b) => readProgress(bytesBefore + b))) {
        parser.parseChunk(chunk, batch);
        await deliver();
        if (tooMany()) {
          lines += parser.line;
          stoppedEarly = true;
          break reading;
        }
      }
      parser.end(batch);
      await deliver();
      lines += parser.line;
      zeroCounts += parser.zeroCounts;
      bytesBefore += input.size;
    }
    readProgress(bytesBefore, true);

    if (report.count > maxMalformed) {
      const shown = report.lines.map((m) => `  ${m.file}:${m.line}: ${m.reason}: ${m.text}`).join('\n');
      const hidden = report.count - report.lines.length;
      const more =
        (hidden > 0 ? `\n  … and ${hidden} more` : '') + (stoppedEarly ? '\n  (reading stopped early)' : '');
      throw new PwnedImportError(
        `${report.count} malformed line(s)${maxMalformed > 0 ? ` (at most ${maxMalformed} tolerated)` : ''}; the existing index was not changed:\n${shown}${more}`,
        report.lines,
        report.count,
      );
    }

    let finalPath = tmpIndex;
    let finalWriter = writer;
    const activeCollector = collector as RunCollector | null;
    if (!activeCollector) {
      await writer.finish();
    } else {
      // Merge run 0 (the sorted start already in the temporary index) with the sorted chunks.
      const first = writer.count;
      const k = activeCollector.runs.length + 2;
      const bufferBytes =
        Math.floor(Math.min(4 << 20, Math.max(64 << 10, (64 << 20) / k)) / RECORD_SIZE) * RECORD_SIZE;
      if (first > 0) cursors.push(await FileCursor.open(tmpIndex, HEADER_SIZE, first, bufferBytes));
      cursors.push(...(await activeCollector.cursors(bufferBytes)));
      mergedIndex = `${indexPath}.tmp-${tag}-merged`;
      const mfh = await open(mergedIndex, 'wx+');
      handles.push(mfh);
      finalWriter = new SortedWriter(mfh);
      const total = first + activeCollector.total;
      const mergeProgress = throttled(opts.onProgress, 'merge', total);
      await mergeRuns(cursors, finalWriter, mergeProgress);
      mergeProgress(total, true);
      await finalWriter.finish();
      finalPath = mergedIndex;
    }
    if (finalWriter.count === 0) throw new PwnedImportError(`no records found in ${source}`);

    const runs = cursors.length;
    const { size } = await finalWriter.writeTableAndHeader({ source: description, builtAt });
    const finalHandle = handles.at(-1);
    if (!finalHandle) throw new PwnedImportError('internal error: no open index file to sync');
    await finalHandle.sync();
    for (const h of handles.splice(0)) await h.close();
    for (const c of cursors.splice(0)) await c.close();
    if (size !== fileSizeFor(finalWriter.count, choosePrefixBits(finalWriter.count))) {
      throw new PwnedImportError('internal error: index size mismatch');
    }
    await rename(finalPath, indexPath);
    renamed = true;
    await syncDir(dirname(indexPath));

    return {
      indexPath,
      records: finalWriter.count,
      lines,
      duplicates: writer.duplicates + (finalWriter === writer ? 0 : finalWriter.duplicates),
      zeroCounts,
      malformedCount: report.count,
      malformed: report.lines,
      sortedInput: activeCollector === null,
      runs,
      files: src.inputs.length,
      missingPrefixes: src.missingPrefixes,
      ignoredFiles: src.ignoredFiles,
      bytesRead: src.totalBytes,
      sizeBytes: size,
      source: description,
      builtAt,
      elapsedMs: Date.now() - started,
    };
  } finally {
    for (const c of cursors) await c.close().catch(() => {});
    for (const h of handles) await h.close().catch(() => {});
    if (!renamed) await removeQuietly(mergedIndex ?? null);
    await removeQuietly(tmpIndex);
    await removeQuietly(runDir, true);
  }
}

import type { FileHandle } from 'node:fs/promises';
import { must } from '@portal/contract/must';
import {
  choosePrefixBits,
  compareHash,
  encodeHeader,
  HEADER_SIZE,
  MAX_PREFIX_BITS,
  prefix20,
  RECORD_SIZE,
  writeU64,
} from './format.ts';

const WRITE_BUFFER_RECORDS = 174_762; // ≈ 4 MiB

/**
 * Appends records in ascending hash order to the data section of an index file, merging
 * duplicates (the larger count wins) and building the 2^20 prefix table on the way.
 * `push` stops at the first record that is out of order and says how many it took, so the
 * caller can switch to sorting.
 */
export class SortedWriter {
  /** Distinct records written (or waiting in the buffer). */
  count = 0;
  duplicates = 0;
  /** starts[p] = number of the first record whose top 20 bits are ≥ p. */
  readonly starts = new Float64Array(2 ** MAX_PREFIX_BITS + 1);
  private nextPrefix = 0;
  private readonly bufs: readonly [Buffer, Buffer] = [
    Buffer.allocUnsafe(WRITE_BUFFER_RECORDS * RECORD_SIZE),
    Buffer.allocUnsafe(WRITE_BUFFER_RECORDS * RECORD_SIZE),
  ];
  private cur: 0 | 1 = 0;
  private len = 0;
  private filePos: number;
  private writing: Promise<unknown> | null = null;
  private finished = false;

  private readonly fh: FileHandle;
  constructor(fh: FileHandle, dataOffset = HEADER_SIZE) {
    this.fh = fh;
    this.filePos = dataOffset;
  }

  /** Takes records from batch[0..n) while they are in order; returns how many it took. */
  async push(batch: Buffer, n: number): Promise<number> {
    let i = 0;
    while (i < n) {
      let buf = this.bufs[this.cur];
      if (this.len > 0) {
        const last = this.len - RECORD_SIZE;
        const c = compareHash(batch, i * RECORD_SIZE, buf, last);
        if (c < 0) return i;
        if (c === 0) {
          const count = batch.readUInt32BE(i * RECORD_SIZE + 20);
          if (count > buf.readUInt32BE(last + 20)) buf.writeUInt32BE(count, last + 20);
          this.duplicates++;
          i++;
          continue;
        }
      }
      if (this.len === buf.length) {
        await this.flush(true);
        buf = this.bufs[this.cur];
      }
      const space = (buf.length - this.len) / RECORD_SIZE;
      const limit = Math.min(n, i + space);
      let j = i + 1;
      while (j < limit && compareHash(batch, j * RECORD_SIZE, batch, (j - 1) * RECORD_SIZE) > 0) j++;
      batch.copy(buf, this.len, i * RECORD_SIZE, j * RECORD_SIZE);
      this.len += (j - i) * RECORD_SIZE;
      const starts = this.starts;
      let next = this.nextPrefix;
      let count = this.count;
      for (let k = i, off = i * RECORD_SIZE; k < j; k++, off += RECORD_SIZE) {
        const p = prefix20(batch, off);
        while (next <= p) starts[next++] = count;
        count++;
      }
      this.nextPrefix = next;
      this.count = count;
      i = j;
    }
    return n;
  }

  /** Writes the buffer out; with keepLast the last record stays buffered (a duplicate may follow). */
  private async flush(keepLast: boolean): Promise<void> {
    const buf = this.bufs[this.cur];
    const bytes = keepLast ? this.len - RECORD_SIZE : this.len;
    if (this.writing) await this.writing;
    this.writing = null;
    if (bytes > 0) {
      const p = this.fh.write(buf, 0, bytes, this.filePos);
      p.catch(() => {}); // awaited later; keeps a failure from being reported as unhandled
      this.writing = p;
      this.filePos += bytes;
    }
    this.cur = this.cur === 0 ? 1 : 0;
    if (keepLast) {
      buf.copy(this.bufs[this.cur], 0, bytes, this.len);
      this.len = RECORD_SIZE;
    } else {
      this.len = 0;
    }
  }

  /** Writes everything out and completes the prefix table. Returns the record count. */
  async finish(): Promise<number> {
    if (!this.finished) {
      this.finished = true;
      await this.flush(false);
      if (this.writing) await this.writing;
      this.writing = null;
      while (this.nextPrefix <= 2 ** MAX_PREFIX_BITS) this.starts[this.nextPrefix++] = this.count;
    }
    return this.count;
  }

  /** Writes the prefix table and the header; call after finish(). */
  async writeTableAndHeader(meta: {
    source: string;
    builtAt: Date;
  }): Promise<{ prefixBits: number; size: number }> {
    const prefixBits = choosePrefixBits(this.count);
    const entries = 2 ** prefixBits + 1;
    const table = Buffer.alloc(entries * 8);
    const shift = 2 ** (MAX_PREFIX_BITS - prefixBits);
    for (let p = 0; p < entries; p++)
      writeU64(table, p * 8, must(this.starts[p * shift], 'a prefix table entry'));
    const tableOffset = HEADER_SIZE + this.count * RECORD_SIZE;
    await this.fh.write(table, 0, table.length, tableOffset);
    const header = encodeHeader({
      prefixBits,
      recordCount: this.count,
      dataOffset: HEADER_SIZE,
      tableOffset,
      builtAt: meta.builtAt,
      source: meta.source,
    });
    await this.fh.write(header, 0, header.length, 0);
    return { prefixBits, size: tableOffset + table.length };
  }
}

import { HEX_VALUE, MAX_COUNT, outside, RECORD_SIZE } from './format.ts';

/** `a[i]` for an `i` inside `a`, or a RangeError (module-local: see `u8` in format.ts). */
function u8(a: Uint8Array, i: number): number {
  const v = a[i];
  return v === undefined ? outside(a, i) : v;
}

/** `a[i]` for an `i` inside `a`, or a RangeError (module-local: see `u8` in format.ts). */
function i8(a: Int8Array, i: number): number {
  const v = a[i];
  return v === undefined ? outside(a, i) : v;
}

/** A line the importer could not read. */
export interface MalformedLine {
  /** File name (base name) the line is in. */
  file: string;
  /** 1-based line number in that file (after decompression). */
  line: number;
  reason: string;
  /** The start of the line (at most 80 characters, control characters shown as "?"). */
  text: string;
}

/** Collects malformed lines: all of them are counted, the first `limit` are kept. */
export class MalformedReport {
  count = 0;
  readonly lines: MalformedLine[] = [];
  readonly limit: number;
  constructor(limit: number) {
    this.limit = limit;
  }

  add(entry: MalformedLine): void {
    this.count++;
    if (this.lines.length < this.limit) this.lines.push(entry);
  }
}

/** Records parsed from a chunk of input, 24 bytes each. */
export class RecordBatch {
  buf = Buffer.allocUnsafe(0);
  n = 0;

  reserve(records: number): void {
    const need = (this.n + records) * RECORD_SIZE;
    if (need <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(need, this.buf.length * 2));
    this.buf.copy(next, 0, 0, this.n * RECORD_SIZE);
    this.buf = next;
  }
}

const MAX_LINE = 64 * 1024;
const NL = 10;
const CR = 13;
const COLON = 58;
const SPACE = 32;
const TAB = 9;

/**
 * Parses `HASH:COUNT` lines (40 hexadecimal digits, any case) or, with a 5-digit prefix, the
 * `SUFFIX:COUNT` lines of a prefix file (35 digits). Lines may end in LF or CRLF; blank lines
 * are skipped, trailing spaces ignored, a UTF-8 byte order mark at the start is skipped.
 * Records with a count of 0 are dropped (lookups answer 0 for absent hashes anyway); counts
 * above 2^32 − 1 are saturated. Every other deviation is a malformed line, reported with its
 * file name and line number.
 */
export class LineParser {
  line = 0;
  zeroCounts = 0;
  private leftover: Buffer | null = null;
  private skipping = false;
  private started = false;
  private readonly hexDigits: number;
  private readonly p0: number;
  private readonly p1: number;
  private readonly p2: number;

  readonly file: string;
  readonly prefix: string | null;
  private readonly report: MalformedReport;
  constructor(
    file: string,
    /** The 5 hexadecimal digits of a prefix file, or null for full hashes. */
    prefix: string | null,
    report: MalformedReport,
  ) {
    this.file = file;
    this.prefix = prefix;
    this.report = report;
    this.hexDigits = prefix ? 35 : 40;
    const v = (i: number) => (prefix ? i8(HEX_VALUE, prefix.charCodeAt(i)) : 0);
    this.p0 = (v(0) << 4) | v(1);
    this.p1 = (v(2) << 4) | v(3);
    this.p2 = v(4) << 4;
  }

  /** Parses the complete lines of `chunk` into `out`; an unfinished last line waits for the next chunk. */
  parseChunk(chunk: Buffer, out: RecordBatch): void {
    let start = 0;
    if (!this.started) {
      this.started = true;
      if (chunk.length >= 3 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) start = 3;
    }
    if (this.skipping) {
      const nl = chunk.indexOf(NL, start);
      if (nl === -1) return;
      this.skipping = false;
      start = nl + 1;
    }
    if (this.leftover) {
      const nl = chunk.indexOf(NL, start);
      if (nl === -1) {
        this.keep(chunk.subarray(start));
        return;
      }
      const joined = Buffer.concat([this.leftover, chunk.subarray(start, nl + 1)]);
      this.leftover = null;
      this.parseRegion(joined, 0, joined.length, out);
      start = nl + 1;
    }
    const last = chunk.lastIndexOf(NL);
    if (last < start) {
      if (start < chunk.length) this.keep(chunk.subarray(start));
      return;
    }
    this.parseRegion(chunk, start, last + 1, out);
    if (last + 1 < chunk.length) this.keep(chunk.subarray(last + 1));
  }

  /** Parses a last line without a line break. */
  end(out: RecordBatch): void {
    if (this.leftover) {
      const joined = Buffer.concat([this.leftover, Buffer.from([NL])]);
      this.leftover = null;
      this.parseRegion(joined, 0, joined.length, out);
    }
  }

  private keep(part: Buffer): void {
    const joined = this.leftover ? Buffer.concat([this.leftover, part]) : Buffer.from(part);
    if (joined.length > MAX_LINE) {
      this.line++;
      this.report.add({
        file: this.file,
        line: this.line,
        reason: 'line too long',
        text: excerpt(joined, 0, 80),
      });
      this.leftover = null;
      this.skipping = true;
      return;
    }
    this.leftover = joined;
  }

  /** buf[pos..end) holds complete lines; the byte at end − 1 is a line feed. */
  private parseRegion(buf: Buffer, pos: number, end: number, out: RecordBatch): void {
    out.reserve(Math.ceil((end - pos) / (this.hexDigits + 2)) + 1);
    const o = out.buf;
    const H = HEX_VALUE;
    const full = this.prefix === null;
    let n = out.n;
    let line = this.line;
    while (pos < end) {
      line++;
      let p = pos;
      let ro = n * RECORD_SIZE;
      let ok = true;
      if (full) {
        for (let i = 0; i < 20; i++) {
          const hi = i8(H, u8(buf, p));
          const lo = hi < 0 ? -1 : i8(H, u8(buf, p + 1)); // a line feed at p ends the region
          if ((hi | lo) < 0) {
            ok = false;
            break;
          }
          o[ro++] = (hi << 4) | lo;
          p += 2;
        }
      } else {
        o[ro++] = this.p0;
        o[ro++] = this.p1;
        const v = i8(H, u8(buf, p));
        if (v < 0) ok = false;
        else {
          o[ro++] = this.p2 | v;
          p++;
          for (let i = 0; i < 17; i++) {
            const hi = i8(H, u8(buf, p));
            const lo = hi < 0 ? -1 : i8(H, u8(buf, p + 1)); // a line feed at p ends the region
            if ((hi | lo) < 0) {
              ok = false;
              break;
            }
            o[ro++] = (hi << 4) | lo;
            p += 2;
          }
        }
      }
      let count = 0;
      if (ok && u8(buf, p) === COLON) {
        p++;
        const digitsAt = p;
        let d = u8(buf, p) - 48;
        while (d >= 0 && d <= 9) {
          if (count < 1e12) count = count * 10 + d;
          d = u8(buf, ++p) - 48;
        }
        if (p === digitsAt) ok = false;
        else {
          let c = u8(buf, p);
          while (c === CR || c === SPACE || c === TAB) c = u8(buf, ++p);
          if (c !== NL) ok = false;
        }
      } else ok = false;
      if (ok) {
        if (count === 0) this.zeroCounts++;
        else {
          o.writeUInt32BE(Math.min(count, MAX_COUNT), n * RECORD_SIZE + 20);
          n++;
        }
        pos = p + 1;
      } else {
        const nl = buf.indexOf(NL, pos);
        const reason = this.diagnose(buf, pos, nl);
        if (reason) this.report.add({ file: this.file, line, reason, text: excerpt(buf, pos, nl) });
        pos = nl + 1;
      }
    }
    out.n = n;
    this.line = line;
  }

  /** Why a line failed to parse, or null for a blank line. */
  private diagnose(buf: Buffer, start: number, nl: number): string | null {
    let end = nl;
    while (end > start && (buf[end - 1] === CR || buf[end - 1] === SPACE || buf[end - 1] === TAB)) end--;
    if (end === start) return null;
    const text = buf.toString('latin1', start, end);
    const colon = text.indexOf(':');
    const what = this.prefix ? 'SUFFIX:COUNT' : 'HASH:COUNT';
    if (colon === -1) return `expected ${what}`;
    const hash = text.slice(0, colon);
    const count = text.slice(colon + 1);
    if (!/^[0-9a-fA-F]*$/.test(hash)) return 'the hash contains a character that is not a hexadecimal digit';
    if (hash.length !== this.hexDigits) {
      if (!this.prefix && hash.length === 32)
        return 'expected a SHA-1 hash (40 hexadecimal digits), found 32 digits (an NTLM hash?)';
      return `expected ${this.hexDigits} hexadecimal digits${this.prefix ? ' (hash suffix)' : ''}, found ${hash.length}`;
    }
    if (count.length === 0) return "missing count after ':'";
    return 'the count is not a whole number';
  }
}

function excerpt(buf: Buffer, start: number, end: number): string {
  while (end > start && buf[end - 1] === CR) end--;
  const text = buf.toString('utf8', start, Math.min(end, start + 80));
  let out = '';
  for (const ch of text) {
    const c = ch.charCodeAt(0);
    out += c < 32 || c === 127 ? '?' : ch;
  }
  return out;
}

import { must } from '../../../test/support/must.ts';
import { mkdir, readFile, stat, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HEADER_SIZE } from './format.ts';
import { importPwned, PwnedImportError } from './importer.ts';
import { checkPassword, openPwnedIndex, PLACE_LOCAL_INDEX, type PwnedIndex } from './lookup.ts';
import {
  leftovers,
  type Rec,
  records,
  sha1,
  sorted,
  tempDir,
  toText,
} from '../../../test/support/breach-testdata.ts';

let dir: string;
let cleanup: () => Promise<void>;
const open: PwnedIndex[] = [];

beforeEach(async () => {
  ({ dir, cleanup } = await tempDir());
});
afterEach(async () => {
  for (const i of open.splice(0)) await i.close();
  await cleanup();
});

async function openIndex(path: string, opts?: Parameters<typeof openPwnedIndex>[1]) {
  const index = await openPwnedIndex(path, opts);
  open.push(index);
  return index;
}

/** Every record is found with its count; some absent hashes are not. */
async function expectAll(index: PwnedIndex, recs: Rec[]) {
  for (const r of recs) expect(await index.lookup(r.hash), r.hash).toBe(r.count);
  for (let i = 0; i < 200; i++) expect(await index.lookup(sha1(`absent${i}`))).toBe(0);
}

describe('importPwned: text files', () => {
  it('streams a sorted file into an index; present, absent, first and last records', async () => {
    const recs = records(3000);
    const src = join(dir, 'pwned.txt');
    await writeFile(src, toText(sorted(recs)));
    const result = await importPwned(src, join(dir, 'pwned.idx'), {
      now: () => new Date('2024-05-01T00:00:00Z'),
    });
    expect(result).toMatchObject({
      records: 3002,
      lines: 3002,
      sortedInput: true,
      runs: 0,
      malformedCount: 0,
      duplicates: 0,
    });
    const index = await openIndex(join(dir, 'pwned.idx'));
    expect(index.count).toBe(3002);
    expect(index.info).toMatchObject({
      records: 3002,
      builtAt: new Date('2024-05-01T00:00:00Z'),
      sizeBytes: result.sizeBytes,
    });
    expect(index.info.source).toContain('pwned.txt');
    await expectAll(index, recs);
    expect(await index.lookup('0'.repeat(40))).toBe(7); // first record
    expect(await index.lookup('f'.repeat(40))).toBe(9); // last record, lower case
    expect(await index.lookup(`${'0'.repeat(39)}1`)).toBe(0); // right after the first
    expect(await index.lookup(`${'F'.repeat(39)}E`)).toBe(0); // right before the last
    expect(await leftovers(dir)).toEqual([]);
  });

  it('sorts unsorted input in several runs and merges duplicates (larger count wins)', async () => {
    const recs = records(5000);
    const shuffled = [...recs].reverse();
    // a duplicate with a smaller and one with a larger count
    shuffled.push(
      { hash: must(recs[10], 'recs[10]').hash, count: 1 },
      { hash: must(recs[20], 'recs[20]').hash, count: 999_999 },
    );
    const src = join(dir, 'unsorted.txt');
    await writeFile(src, toText(shuffled, '\r\n'));
    const progress: [number, number | undefined, string | undefined][] = [];
    const result = await importPwned(src, join(dir, 'u.idx'), {
      sortChunkBytes: 24 * 1024, // runs of 1024 records
      onProgress: (done, total, phase) => progress.push([done, total, phase]),
    });
    expect(result.sortedInput).toBe(false);
    expect(result.runs).toBeGreaterThan(3);
    expect(result.records).toBe(5002);
    expect(result.duplicates).toBe(2);
    const index = await openIndex(join(dir, 'u.idx'));
    await expectAll(
      index,
      recs.map((r, i) => (i === 20 ? { ...r, count: 999_999 } : r)),
    );
    const size = (await stat(src)).size;
    expect(progress.at(-1)?.[2]).toBe('merge');
    expect(progress.find((p) => p[2] === 'read' && p[0] === size)?.[1]).toBe(size);
    expect(await leftovers(dir)).toEqual([]);
  });

  it('switches to sorting when order breaks late, keeping the sorted start as a run', async () => {
    const recs = sorted(records(2000));
    const src = join(dir, 'late.txt');
    // sorted, then one early hash at the end
    const early = { hash: `00${'1'.repeat(38)}`, count: 5 };
    await writeFile(src, toText([...recs, early]));
    const result = await importPwned(src, join(dir, 'late.idx'));
    expect(result).toMatchObject({ sortedInput: false, records: 2003, runs: 2 });
    await expectAll(await openIndex(join(dir, 'late.idx')), [...recs, early]);
  });

  it('reads gzip-compressed input, recognised by its magic bytes', async () => {
    const recs = records(4000);
    const src = join(dir, 'pwned-passwords.txt'); // the name does not say gzip
    await writeFile(src, gzipSync(toText(recs.map((r) => ({ ...r, hash: r.hash.toLowerCase() })))));
    const result = await importPwned(src, join(dir, 'gz.idx'), { sortChunkBytes: 24 * 1500 });
    expect(result.records).toBe(4002);
    await expectAll(await openIndex(join(dir, 'gz.idx')), recs);
  });

  it('handles lines split across read chunks, CRLF, a byte order mark and no final line break', async () => {
    const recs = sorted(records(120_000)); // ~5.6 MB: several 4 MiB read chunks and 1 MiB gzip chunks
    const text = `\uFEFF${toText(recs, '\r\n').trimEnd()}`;
    await writeFile(join(dir, 'big.txt'), text);
    await writeFile(join(dir, 'big.gz'), gzipSync(text));
    for (const name of ['big.txt', 'big.gz']) {
      const result = await importPwned(join(dir, name), join(dir, `${name}.idx`));
      expect(result).toMatchObject({ records: 120_002, lines: 120_002, sortedInput: true });
      const index = await openIndex(join(dir, `${name}.idx`));
      for (let i = 0; i < recs.length; i += 997)
        expect(await index.lookup(must(recs[i], 'recs[i]').hash)).toBe(must(recs[i], 'recs[i]').count);
      expect(await index.lookup(must(recs[recs.length - 1], 'recs[recs.length - 1]').hash)).toBe(
        must(recs[recs.length - 1], 'recs[recs.length - 1]').count,
      );
    }
  });

  it('skips blank lines and zero counts, saturates huge counts', async () => {
    const a = sha1('a');
    const b = sha1('b');
    const c = sha1('c');
    const src = join(dir, 'odd.txt');
    await writeFile(src, `\n${a}:12  \n\n${b}:0\n${c}:99999999999999\n\n`);
    const result = await importPwned(src, join(dir, 'odd.idx'));
    expect(result).toMatchObject({ records: 2, zeroCounts: 1, malformedCount: 0 });
    const index = await openIndex(join(dir, 'odd.idx'));
    expect(await index.lookup(a)).toBe(12);
    expect(await index.lookup(b)).toBe(0);
    expect(await index.lookup(c)).toBe(0xffff_ffff);
  });
});

describe('importPwned: prefix directories', () => {
  it('reads the prefix files in order, composing prefix and suffix', async () => {
    const src = join(dir, 'download');
    await mkdir(src);
    const byPrefix = new Map<string, Rec[]>();
    for (const r of records(6000)) {
      const p = r.hash.slice(0, 5);
      if (['00000', 'FFFFF'].includes(p) || p.startsWith('A'))
        byPrefix.set(p, [...(byPrefix.get(p) ?? []), r]);
    }
    // a few more in one prefix so a file holds several lines; one file unsorted, names with and without .txt
    const many = Array.from({ length: 50 }, (_, i) => ({
      hash: `0A1B2${sha1(`x${i}`).slice(5)}`,
      count: 100 + i,
    }));
    byPrefix.set('0A1B2', many);
    const all: Rec[] = [];
    let unsortedOne = true;
    for (const [p, recs] of byPrefix) {
      all.push(...recs);
      const ordered = sorted(recs);
      if (unsortedOne && recs.length > 1) {
        ordered.reverse();
        unsortedOne = false;
      }
      const lines = ordered.map((r) => `${r.hash.slice(5)}:${r.count}`).join('\r\n');
      await writeFile(join(src, p.startsWith('A') ? `${p}.txt` : p.toLowerCase()), lines);
    }
    await writeFile(join(src, 'README.md'), 'not a prefix file');
    const result = await importPwned(src, join(dir, 'dir.idx'), { sortChunkBytes: 24 * 1024 });
    expect(result.records).toBe(all.length);
    expect(result.files).toBe(byPrefix.size);
    expect(result.missingPrefixes).toBe(2 ** 20 - byPrefix.size);
    expect(result.ignoredFiles).toBe(1);
    expect(result.source).toContain(`prefix directory (${byPrefix.size} files)`);
    const index = await openIndex(join(dir, 'dir.idx'));
    for (const r of all) expect(await index.lookup(r.hash)).toBe(r.count);
    expect(await index.lookup(sha1('pw1'))).toBe(sha1('pw1').startsWith('A') ? 2 : 0);
  });

  it('is fast on a sorted directory (stays in streaming mode)', async () => {
    const src = join(dir, 'dl');
    await mkdir(src);
    const recs: Rec[] = [];
    for (const p of ['10000', '20000', '30000']) {
      const inFile = Array.from({ length: 100 }, (_, i) => ({
        hash: `${p}${i.toString(16).padStart(35, '0')}`.toUpperCase(),
        count: i + 1,
      }));
      recs.push(...inFile);
      await writeFile(join(src, `${p}.txt`), inFile.map((r) => `${r.hash.slice(5)}:${r.count}\r\n`).join(''));
    }
    const result = await importPwned(src, join(dir, 'dl.idx'));
    expect(result).toMatchObject({ sortedInput: true, records: 300 });
    await expectAll(await openIndex(join(dir, 'dl.idx')), recs);
  });

  it('rejects a directory without prefix files and two files for one prefix', async () => {
    const empty = join(dir, 'empty');
    await mkdir(empty);
    await expect(importPwned(empty, join(dir, 'x.idx'))).rejects.toThrow(/no prefix files/);
    await writeFile(join(empty, '00000'), `${'A'.repeat(35)}:1\n`);
    await writeFile(join(empty, '00000.txt'), `${'A'.repeat(35)}:1\n`);
    await expect(importPwned(empty, join(dir, 'x.idx'))).rejects.toThrow(/two files for prefix 00000/);
  });
});

describe('importPwned: malformed input', () => {
  const good = (i: number) => `${sha1(`g${i}`)}:${i + 1}`;

  it('fails, naming file and line of each malformed line, and leaves the old index alone', async () => {
    const idx = join(dir, 'pwned.idx');
    await writeFile(join(dir, 'ok.txt'), toText(records(10)));
    await importPwned(join(dir, 'ok.txt'), idx);
    const before = await readFile(idx);

    const lines = [
      good(0),
      good(1),
      'not a hash',
      good(3),
      `${sha1('x').slice(0, 39)}:5`,
      `${sha1('y')}:`,
      good(6),
    ];
    lines.push(
      `${sha1('z')}:12abc`,
      `${sha1('w')} 12`,
      `${'0123456789abcdef'.repeat(2)}:3`,
      `${sha1('v').slice(0, 39)}G:1`,
    );
    await writeFile(join(dir, 'bad.txt'), lines.join('\n'));
    const err = await importPwned(join(dir, 'bad.txt'), idx).catch((e) => e);
    expect(err).toBeInstanceOf(PwnedImportError);
    expect((err as PwnedImportError).malformedCount).toBe(7);
    expect((err as PwnedImportError).malformed.map((m) => [m.file, m.line])).toEqual([
      ['bad.txt', 3],
      ['bad.txt', 5],
      ['bad.txt', 6],
      ['bad.txt', 8],
      ['bad.txt', 9],
      ['bad.txt', 10],
      ['bad.txt', 11],
    ]);
    const reasons = (err as PwnedImportError).malformed.map((m) => m.reason);
    expect(reasons[0]).toBe('expected HASH:COUNT');
    expect(reasons[1]).toBe('expected 40 hexadecimal digits, found 39');
    expect(reasons[2]).toBe("missing count after ':'");
    expect(reasons[3]).toBe('the count is not a whole number');
    expect(reasons[5]).toMatch(/NTLM/);
    expect(reasons[6]).toMatch(/not a hexadecimal digit/);
    expect(err.message).toContain('bad.txt:3: expected HASH:COUNT: not a hash');
    expect(err.message).toContain('the existing index was not changed');
    expect(await readFile(idx)).toEqual(before);
    expect(await leftovers(dir)).toEqual([]);
  });

  it('stops reading once it has collected reportLimit examples', async () => {
    const lines = Array.from({ length: 5000 }, (_, i) => (i % 2 ? 'junk' : good(i)));
    await writeFile(join(dir, 'junk.txt'), `${lines.join('\n')}\n`);
    const err = (await importPwned(join(dir, 'junk.txt'), join(dir, 'j.idx'), { reportLimit: 5 }).catch(
      (e) => e,
    )) as PwnedImportError;
    expect(err.malformed.map((m) => m.line)).toEqual([2, 4, 6, 8, 10]);
    expect(err.malformedCount).toBe(2500);
    expect(err.message).toMatch(/… and 2495 more/);
  });

  it('skips tolerated malformed lines (maxMalformed) and reports them', async () => {
    await writeFile(join(dir, 'some.txt'), [good(0), 'oops', good(2), good(3), 'oops again'].join('\n'));
    const result = await importPwned(join(dir, 'some.txt'), join(dir, 's.idx'), { maxMalformed: 2 });
    expect(result.records).toBe(3);
    expect(result.malformed.map((m) => `${m.file}:${m.line}`)).toEqual(['some.txt:2', 'some.txt:5']);
    await expect(importPwned(join(dir, 'some.txt'), join(dir, 's.idx'), { maxMalformed: 1 })).rejects.toThrow(
      /2 malformed line\(s\) \(at most 1 tolerated\)/,
    );
  });

  it('reports the prefix file name and line in a prefix directory', async () => {
    const src = join(dir, 'dl');
    await mkdir(src);
    await writeFile(join(src, '00000.txt'), `${'1'.repeat(35)}:1\r\n${'2'.repeat(35)}:2\r\n`);
    await writeFile(
      join(src, '0A1B2.txt'),
      `${'1'.repeat(35)}:1\r\n${'2'.repeat(40)}:2\r\n${'3'.repeat(35)}:3\r\n`,
    );
    const err = (await importPwned(src, join(dir, 'd.idx')).catch((e) => e)) as PwnedImportError;
    expect(err.malformed).toEqual([
      {
        file: '0A1B2.txt',
        line: 2,
        reason: 'expected 35 hexadecimal digits (hash suffix), found 40',
        text: `${'2'.repeat(40)}:2`,
      },
    ]);
  });

  it('rejects a missing source, an empty source and a damaged gzip file', async () => {
    await expect(importPwned(join(dir, 'nope.txt'), join(dir, 'n.idx'))).rejects.toThrow(/source not found/);
    await writeFile(join(dir, 'empty.txt'), '\n\n');
    await expect(importPwned(join(dir, 'empty.txt'), join(dir, 'n.idx'))).rejects.toThrow(/no records found/);
    const gz = gzipSync(toText(records(2000)));
    await writeFile(join(dir, 'cut.gz'), gz.subarray(0, gz.length >> 1));
    await expect(importPwned(join(dir, 'cut.gz'), join(dir, 'n.idx'))).rejects.toThrow(
      /cut.gz: cannot decompress/,
    );
    await expect(stat(join(dir, 'n.idx'))).rejects.toThrow();
    expect(await leftovers(dir)).toEqual([]);
  });
});

describe('re-import', () => {
  it('replaces the index atomically; an open reader keeps the old one', async () => {
    const idx = join(dir, 'sub', 'pwned.idx'); // the folder is created
    await writeFile(join(dir, 'a.txt'), toText(records(500, 'a')));
    await writeFile(join(dir, 'b.txt'), toText(records(700, 'b')));
    await importPwned(join(dir, 'a.txt'), idx);
    const old = await openIndex(idx);
    await importPwned(join(dir, 'b.txt'), idx);
    await importPwned(join(dir, 'b.txt'), idx); // a repeated run is harmless
    expect(await old.lookup(sha1('a1'))).toBe(2);
    expect(old.count).toBe(502);
    const fresh = await openIndex(idx);
    expect(fresh.count).toBe(702);
    expect(await fresh.lookup(sha1('a1'))).toBe(0);
    expect(await fresh.lookup(sha1('b1'))).toBe(2);
    expect(await leftovers(join(dir, 'sub'))).toEqual([]);
  });
});

describe('openPwnedIndex and lookups', () => {
  let idx: string;
  const recs = records(2000);
  beforeEach(async () => {
    idx = join(dir, 'l.idx');
    await writeFile(join(dir, 'l.txt'), toText(recs));
    await importPwned(join(dir, 'l.txt'), idx);
  });

  it('checks passwords: spec fields, one read per lookup, nothing the caller did not send', async () => {
    const index = await openIndex(idx);
    const hit = await checkPassword(index, 'pw41');
    expect(hit).toEqual({
      hacked: true,
      count: 42,
      password: 'pw41',
      tries: 1,
      place: PLACE_LOCAL_INDEX,
      hash: sha1('pw41'),
    });
    const miss = await checkPassword(index, 'correct horse battery staple 1234');
    expect(miss).toMatchObject({
      hacked: false,
      count: 0,
      place: 'local index',
      password: 'correct horse battery staple 1234',
    });
    expect(Object.keys(miss).sort()).toEqual(['count', 'hacked', 'hash', 'password', 'place', 'tries']);
  });

  it('reads the prefix table from the file when not cached (two reads)', async () => {
    const index = await openIndex(idx, { cachePrefixTable: false });
    expect(await index.lookupDetailed(sha1('pw5'))).toEqual({ count: 6, tries: 2 });
    await expectAll(index, recs);
  });

  it('reads a window around the interpolated position, and the rest of the bucket when the hash lies outside', async () => {
    const index = await openIndex(idx, { searchWindow: 2 });
    const tries = new Map<number, number>();
    for (const r of recs) {
      const d = await index.lookupDetailed(r.hash);
      expect(d.count, r.hash).toBe(r.count);
      tries.set(d.tries, (tries.get(d.tries) ?? 0) + 1);
    }
    for (let i = 0; i < 200; i++) expect(await index.lookup(sha1(`absent${i}`))).toBe(0);
    // Two records of ~8 per bucket: often the hash is in them, often beside them (a second read).
    expect([...tries.keys()].sort()).toEqual([1, 2]);
  });

  it('interpolates by default in buckets larger than the window (SHA-1 data: mostly one read)', async () => {
    const many = records(20_000, 'big');
    await writeFile(join(dir, 'big.txt'), toText(many));
    await importPwned(join(dir, 'big.txt'), join(dir, 'big.idx'));
    const index = await openIndex(join(dir, 'big.idx'));
    expect(index.info.prefixBits).toBe(8); // ~78 records per bucket, a window of 44
    let oneRead = 0;
    for (const r of many) {
      const d = await index.lookupDetailed(r.hash);
      expect(d.count, r.hash).toBe(r.count);
      expect(d.tries).toBeLessThanOrEqual(2);
      if (d.tries === 1) oneRead++;
    }
    expect(oneRead / many.length).toBeGreaterThan(0.99);
    for (let i = 0; i < 500; i++) expect(await index.lookup(sha1(`absent${i}`))).toBe(0);
    const whole = await openIndex(join(dir, 'big.idx'), { searchWindow: 0 });
    for (const r of many.slice(0, 2000))
      expect(await whole.lookupDetailed(r.hash)).toEqual({ count: r.count, tries: 1 });
  });

  it('narrows down a large bucket with single-record probes', async () => {
    const skewed = Array.from({ length: 3000 }, (_, i) => ({
      hash: `ABCDE${sha1(`s${i}`).slice(5)}`,
      count: i + 1,
    }));
    await writeFile(join(dir, 'skew.txt'), toText(skewed));
    await importPwned(join(dir, 'skew.txt'), join(dir, 'skew.idx'));
    const index = await openIndex(join(dir, 'skew.idx'), { maxRangeBytes: 24 * 64 });
    for (const r of skewed) expect(await index.lookup(r.hash)).toBe(r.count);
    expect(await index.lookup(`ABCDE${'0'.repeat(35)}`)).toBe(0);
    expect((await index.lookupDetailed(must(skewed[7], 'skewed[7]').hash)).tries).toBeGreaterThan(1);
  });

  it('rejects bad hashes, damaged files and lookups after close', async () => {
    const index = await openPwnedIndex(idx);
    await expect(index.lookup('xyz')).rejects.toThrow(/40 hexadecimal digits/);
    await expect(index.lookup(`${sha1('a')}0`)).rejects.toThrow(TypeError);
    await index.close();
    await expect(index.lookup(sha1('a'))).rejects.toThrow(/closed/);

    await truncate(idx, (await stat(idx)).size - 8);
    await expect(openPwnedIndex(idx)).rejects.toThrow(/truncated or damaged/);
    await writeFile(idx, Buffer.alloc(HEADER_SIZE + 100));
    await expect(openPwnedIndex(idx)).rejects.toThrow(/bad magic/);
  });

  it('serves concurrent lookups and waits for them on close', async () => {
    const index = await openPwnedIndex(idx);
    const pending = recs.map((r) => index.lookup(r.hash));
    const closing = index.close();
    expect(await Promise.all(pending)).toEqual(recs.map((r) => r.count));
    await closing;
  });
});

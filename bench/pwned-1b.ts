/**
 * Breached-password index at full scale: builds a synthetic index of 1 billion records
 * straight in the index format (~24 GB), then times lookups hot and with a cold page cache, for
 * the lookup as it was (the whole prefix bucket read: `searchWindow: 0`) and as it is (a window
 * around the interpolated position), alternating between the two so both see the same machine.
 *
 *   npm run bench:pwned-1b
 *
 * Environment:
 *   PWNED_1B_N        records (default 1,000,000,000)
 *   PWNED_1B_LOOKUPS  timed hot lookups per variant (default 200,000; half present, half absent)
 *   PWNED_1B_COLD     timed cold lookups per variant (default 1,000)
 *   PWNED_1B_DIR      folder to create the work folder in (default the system temp folder)
 *
 * The records are made in order without a sort: the first 8 bytes of each hash are the previous
 * record's plus an exponentially distributed gap (what sorted uniform random values look like),
 * the other 12 bytes random. They go through the importer's own writer (`SortedWriter`: order
 * check, prefix table, 4 MiB writes), so the build rate is the importer's minus reading and
 * parsing the text (measured by `bench/pwned.ts`).
 *
 * Cold page cache: before each cold lookup the file's pages are dropped with
 * `dd if=FILE iflag=nocache count=0` (GNU dd: posix_fadvise(POSIX_FADV_DONTNEED) on the whole
 * file); `fincore` checks once that it worked. On a virtual machine the host may still cache the
 * disk, so "cold" is the guest's page cache.
 *
 * The file is deleted at the end, on failure and on Ctrl-C. The benchmark refuses to start with
 * less free disk than the index plus 16 GB (40 GB at 1 billion records).
 */
import { must } from '@portal/contract/must';
import { randomBytes, randomFillSync, randomInt } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdtemp, open, statfs } from 'node:fs/promises';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { choosePrefixBits, fileSizeFor, RECORD_SIZE } from '../apps/server/src/integrations/breach/format.ts';
import { openPwnedIndex, type PwnedIndex } from '../apps/server/src/integrations/breach/lookup.ts';
import { SortedWriter } from '../apps/server/src/integrations/breach/writer.ts';

const N = Number(process.env.PWNED_1B_N ?? 1_000_000_000);
const HOT = Number(process.env.PWNED_1B_LOOKUPS ?? 200_000);
const COLD = Number(process.env.PWNED_1B_COLD ?? 1_000);
const PARENT = process.env.PWNED_1B_DIR ?? tmpdir();
const SAMPLES = 100_000;
const HOT_KEYS = 20_000; // of each kind: the hot set, all brought into the page cache first
const MARGIN = 16e9;
const BATCH = 174_762; // records per generated block (≈ 4 MiB), the writer's buffer size

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const gb = (n: number) => `${(n / 1e9).toFixed(1)} GB`;
const us = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

let workDir: string | null = null;
function removeWorkDir() {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
  workDir = null;
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    console.log(`\n${signal}: deleting ${workDir ?? 'nothing'}`);
    removeWorkDir();
    process.exit(130);
  });
}
process.on('exit', removeWorkDir);

/** Writes N sorted records through the importer's writer; returns present hashes sampled evenly. */
async function build(path: string): Promise<string[]> {
  const fh = await open(path, 'w');
  const writer = new SortedWriter(fh);
  const batch = Buffer.allocUnsafe(BATCH * RECORD_SIZE);
  // Mean gap so the N-th key stays below 2^64 with four standard deviations to spare (the last
  // 4/√N of the key space stays empty: 0.013 % at 1 billion records).
  const meanGap = 2 ** 64 / (N + 4 * Math.sqrt(N));
  let hi = 0; // the first 8 bytes of the hash as two 32-bit halves
  let lo = 0;
  const sampleEvery = Math.max(1, Math.floor(N / SAMPLES));
  const samples: string[] = [];
  let nextReport = N / 10;
  const t0 = performance.now();
  for (let done = 0; done < N; ) {
    const n = Math.min(BATCH, N - done);
    randomFillSync(batch, 0, n * RECORD_SIZE);
    for (let i = 0, off = 0; i < n; i++, off += RECORD_SIZE) {
      lo += Math.floor(-Math.log(1 - Math.random()) * meanGap) + 1; // < 2^40: exact in a double
      if (lo >= 0x1_0000_0000) {
        const carry = Math.floor(lo / 0x1_0000_0000);
        hi += carry;
        lo -= carry * 0x1_0000_0000;
      }
      batch.writeUInt32BE(hi, off);
      batch.writeUInt32BE(lo, off + 4);
      batch.writeUInt32BE(
        1 + (must(batch[off + 20], 'batch[off + 20]') << 8) + must(batch[off + 21], 'batch[off + 21]'),
        off + 20,
      ); // count ≥ 1
      if ((done + i) % sampleEvery === 0 && samples.length < SAMPLES)
        samples.push(batch.toString('hex', off, off + 20));
    }
    const took = await writer.push(batch, n);
    if (took !== n) throw new Error('generated records out of order');
    done += n;
    if (done >= nextReport) {
      const secs = (performance.now() - t0) / 1000;
      console.log(
        `  ${fmt(done)} records, ${secs.toFixed(0)} s, ${fmt(done / secs)} records/s, load ${load()}`,
      );
      nextReport += N / 10;
    }
  }
  await writer.finish();
  const { prefixBits, size } = await writer.writeTableAndHeader({
    source: `synthetic: bench/pwned-1b.ts, ${N} records`,
    builtAt: new Date(),
  });
  await fh.sync();
  await fh.close();
  const secs = (performance.now() - t0) / 1000;
  console.log(
    `build: ${fmt(N)} records, ${gb(size)}, prefix table ${prefixBits} bits, in ${secs.toFixed(1)} s (synced) = ` +
      `${fmt(N / secs)} records/s, ${(size / secs / 1e6).toFixed(0)} MB/s written; load ${load()} on ${cpus().length} CPUs`,
  );
  return samples;
}

/** Drops the file's pages from the page cache (posix_fadvise DONTNEED through GNU dd). */
function dropCache(path: string) {
  const r = spawnSync('dd', [`if=${path}`, 'iflag=nocache', 'count=0', 'status=none']);
  if (r.status !== 0) throw new Error(`dd iflag=nocache failed: ${r.stderr}`);
}

function resident(path: string): string {
  try {
    return execFileSync('fincore', ['--noheadings', '--output', 'RES', path], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown (no fincore)';
  }
}

const percentile = (sorted: Float64Array, p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

interface Variant {
  name: string;
  index: PwnedIndex;
  hot: number[];
  hotPresent: number[];
  hotAbsent: number[];
  cold: number[];
  found: number;
  reads: number;
  lookups: number;
}

async function timed(v: Variant, hash: string): Promise<number> {
  const s = performance.now();
  const d = await v.index.lookupDetailed(hash);
  const t = performance.now() - s;
  if (d.count > 0) v.found++;
  v.reads += d.tries;
  v.lookups++;
  return t;
}

function summary(times: number[]) {
  const a = Float64Array.from(times).sort();
  return { p50: percentile(a, 0.5), p99: percentile(a, 0.99), max: a[a.length - 1] };
}

async function main() {
  const prefixBits = choosePrefixBits(N);
  const size = fileSizeFor(N, prefixBits);
  const fs = await statfs(PARENT);
  const free = fs.bavail * fs.bsize;
  console.log(`node ${process.version}, N = ${fmt(N)}, index ${gb(size)}, free in ${PARENT}: ${gb(free)}`);
  if (free < size + MARGIN) {
    console.error(`refusing to start: needs ${gb(size + MARGIN)} free (the index plus ${gb(MARGIN)})`);
    process.exit(1);
  }
  workDir = await mkdtemp(join(PARENT, 'pwned-1b-'));
  const path = join(workDir, 'pwned.idx');
  try {
    const samples = await build(path);

    const variant = async (name: string, searchWindow?: number): Promise<Variant> => ({
      name,
      index: await openPwnedIndex(path, { searchWindow }),
      hot: [],
      hotPresent: [],
      hotAbsent: [],
      cold: [],
      found: 0,
      reads: 0,
      lookups: 0,
    });
    const variants = [await variant('before: whole bucket', 0), await variant('after: interpolated window')];

    // Cold: the file's pages dropped before every lookup; the variants alternate.
    dropCache(path);
    console.log(`page cache: ${resident(path)} of the index resident after dd iflag=nocache count=0`);
    for (let i = 0; i < 2 * COLD; i++) {
      const hash = i % 4 < 2 ? samples[randomInt(samples.length)] : randomBytes(20).toString('hex');
      dropCache(path);
      const v = variants[i % 2];
      must(v, 'v').cold.push(await timed(must(v, 'v'), must(hash, 'hash')));
    }

    // Hot: a fixed set of present and absent hashes, looked up once untimed, then at random.
    const present = Array.from({ length: HOT_KEYS }, () => samples[randomInt(samples.length)]);
    const absent = Array.from({ length: HOT_KEYS }, () => randomBytes(20).toString('hex'));
    for (const v of variants) for (const h of [...present, ...absent]) await v.index.lookup(must(h, 'h'));
    for (let block = 0; block < (2 * HOT) / 1000; block++) {
      const v = variants[block % 2];
      for (let i = 0; i < 1000; i++) {
        const isPresent = i % 2 === 0;
        const hash = isPresent ? present[randomInt(HOT_KEYS)] : absent[randomInt(HOT_KEYS)];
        const t = await timed(must(v, 'v'), must(hash, 'hash'));
        must(v, 'v').hot.push(t);
        (isPresent ? must(v, 'v').hotPresent : must(v, 'v').hotAbsent).push(t);
      }
    }
    console.log(`page cache after the hot runs: ${resident(path)} of the index resident; load ${load()}`);

    for (const v of variants) {
      const hot = summary(v.hot);
      const cold = summary(v.cold);
      console.log(
        `${v.name}: hot ${fmt(v.hot.length)} lookups p50 ${us(must(hot.p50, 'hot.p50'))} (present ${us(must(summary(v.hotPresent).p50, 'summary(v.hotPresent).p50'))}, ` +
          `absent ${us(must(summary(v.hotAbsent).p50, 'summary(v.hotAbsent).p50'))}), p99 ${us(must(hot.p99, 'hot.p99'))}; cold ${fmt(v.cold.length)} lookups ` +
          `p50 ${us(must(cold.p50, 'cold.p50'))}, p99 ${us(must(cold.p99, 'cold.p99'))}, max ${us(must(cold.max, 'cold.max'))}; reads per lookup ${(v.reads / v.lookups).toFixed(4)}`,
      );
      await v.index.close();
    }
  } finally {
    removeWorkDir();
    console.log('index deleted');
  }
}

await main();

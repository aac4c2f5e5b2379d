/**
 * Breached-password index benchmark: import rate, lookup latency and memory.
 *
 *   node --import tsx bench/pwned.ts
 *
 * Environment:
 *   PWNED_BENCH_N           records in the synthetic sorted data set (default 100,000,000: ~5 GB
 *                           of text plus a 2.4 GB index, so mind the disk)
 *   PWNED_BENCH_LOOKUPS     timed lookups (default 100,000; half present, half absent)
 *   PWNED_BENCH_UNSORTED_N  also import this many records in random order (default 0: skip)
 *   PWNED_BENCH_DIR         work folder (default a new folder in the system temp folder)
 *   PWNED_BENCH_KEEP=1      keep the generated files
 */
import { must } from '@portal/contract/must';
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { importPwned } from '../apps/server/src/integrations/breach/importer.ts';
import { openPwnedIndex } from '../apps/server/src/integrations/breach/lookup.ts';

const N = Number(process.env.PWNED_BENCH_N ?? 100_000_000);
const LOOKUPS = Number(process.env.PWNED_BENCH_LOOKUPS ?? 100_000);
const UNSORTED_N = Number(process.env.PWNED_BENCH_UNSORTED_N ?? 0);
const SAMPLES = 50_000;

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).toUpperCase().padStart(2, '0'));
const HEX_CODES = new Uint16Array(256);
for (let i = 0; i < 256; i++)
  HEX_CODES[i] = (must(HEX[i], 'HEX[i]').charCodeAt(0) << 8) | must(HEX[i], 'HEX[i]').charCodeAt(1);

const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/**
 * Writes `n` lines `HASH:COUNT\r\n`. Sorted: the first 4 bytes of hash i are ⌊i · 2^32 / n⌋
 * (strictly increasing for n ≤ 2^32), the other 16 random. Unsorted: all 20 bytes random.
 */
async function generate(path: string, n: number, sorted: boolean, samples: string[]): Promise<number> {
  const fh = await open(path, 'w');
  const LINE_MAX = 40 + 1 + 6 + 2;
  const BLOCK = 100_000;
  const buf = Buffer.allocUnsafe(BLOCK * LINE_MAX);
  const rnd = Buffer.allocUnsafe(BLOCK * 20);
  const sampleEvery = Math.max(1, Math.floor(n / SAMPLES));
  const step = 2 ** 32 / n;
  let pos = 0;
  for (let start = 0; start < n; start += BLOCK) {
    const stop = Math.min(n, start + BLOCK);
    randomBytes(rnd.length).copy(rnd);
    let o = 0;
    for (let i = start; i < stop; i++) {
      const r = (i - start) * 20;
      if (sorted) rnd.writeUInt32BE(Math.floor(i * step), r);
      const lineStart = o;
      for (let b = 0; b < 20; b++) {
        const code = HEX_CODES[must(rnd[r + b], 'rnd[r + b]')];
        buf[o++] = must(code, 'code') >> 8;
        buf[o++] = must(code, 'code') & 0xff;
      }
      buf[o++] = 58; // ':'
      o += buf.write(
        String(1 + (must(rnd[r + 19], 'rnd[r + 19]') % 250) * (must(rnd[r + 18], 'rnd[r + 18]') + 1)),
        o,
        'latin1',
      );
      buf[o++] = 13;
      buf[o++] = 10;
      if (i % sampleEvery === 0 && samples.length < SAMPLES)
        samples.push(buf.toString('latin1', lineStart, lineStart + 40));
    }
    await fh.write(buf, 0, o, pos);
    pos += o;
  }
  await fh.close();
  return pos;
}

function percentile(sorted: Float64Array, p: number): number {
  return must(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))], 'a sample');
}

async function importRun(label: string, dir: string, n: number, sorted: boolean) {
  const text = join(dir, `${label}.txt`);
  const index = join(dir, `${label}.idx`);
  const samples: string[] = [];
  let t = performance.now();
  const bytes = await generate(text, n, sorted, samples);
  console.log(
    `${label}: generated ${fmt(n)} records (${mb(bytes)}) in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  let peakRss = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 250);
  t = performance.now();
  const cpu = process.cpuUsage();
  const r = await importPwned(text, index);
  const secs = (performance.now() - t) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuSecs = (used.user + used.system) / 1e6;
  clearInterval(timer);
  console.log(
    `${label}: imported ${fmt(r.records)} records in ${secs.toFixed(2)} s = ${fmt(r.records / secs)} records/s ` +
      `(${mb(bytes / secs)}/s of text); sorted input: ${r.sortedInput}, runs: ${r.runs}; index ${mb(r.sizeBytes)}; ` +
      `peak RSS during import ${mb(peakRss)}`,
  );
  // CPU time of this process (its main thread plus libuv and zlib threads): a figure that does
  // not depend on how busy the machine is.
  console.log(
    `${label}: CPU ${cpuSecs.toFixed(2)} s (${fmt(r.records / cpuSecs)} records per CPU-second); load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${cpus().length} CPUs`,
  );
  await rm(text);
  return { index, samples };
}

async function main() {
  const dir = process.env.PWNED_BENCH_DIR ?? (await mkdtemp(join(tmpdir(), 'pwned-bench-')));
  console.log(`node ${process.version}, N = ${fmt(N)}, folder ${dir}`);
  try {
    const { index: indexPath, samples } = await importRun('sorted', dir, N, true);

    if (global.gc) global.gc();
    const rssBefore = process.memoryUsage().rss;
    const index = await openPwnedIndex(indexPath);
    const rssOpen = process.memoryUsage().rss;
    const absent = Array.from({ length: SAMPLES }, () => randomBytes(20).toString('hex'));
    const pick = (i: number) =>
      i % 2 === 0 ? samples[randomInt(samples.length)] : absent[randomInt(absent.length)];
    // warm-up: bring the touched pages into the page cache
    for (let i = 0; i < Math.min(LOOKUPS, 20_000); i++) await index.lookup(must(pick(i), 'pick(i)'));
    const times = new Float64Array(LOOKUPS);
    let found = 0;
    const t0 = performance.now();
    for (let i = 0; i < LOOKUPS; i++) {
      const h = pick(i);
      const s = performance.now();
      if ((await index.lookup(must(h, 'h'))) > 0) found++;
      times[i] = performance.now() - s;
    }
    const total = performance.now() - t0;
    times.sort();
    // concurrent throughput
    const CONC = 32;
    const t1 = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONC }, async () => {
        while (next < LOOKUPS) await index.lookup(must(pick(next++), 'pick(next++)'));
      }),
    );
    const concSecs = (performance.now() - t1) / 1000;
    const rssAfter = process.memoryUsage().rss;
    const size = (await stat(indexPath)).size;
    console.log(
      `lookups: ${fmt(LOOKUPS)} sequential (${found} present): median ${(percentile(times, 0.5) * 1000).toFixed(1)} µs, ` +
        `p99 ${(percentile(times, 0.99) * 1000).toFixed(1)} µs, max ${(must(times[times.length - 1], 'times[times.length - 1]') * 1000).toFixed(0)} µs, ` +
        `${fmt(LOOKUPS / (total / 1000))} lookups/s; ${CONC} concurrent: ${fmt(LOOKUPS / concSecs)} lookups/s`,
    );
    console.log(
      `memory: RSS ${mb(rssBefore)} before opening, ${mb(rssOpen)} after opening (prefix table ${index.info.prefixBits} bits), ` +
        `${mb(rssAfter)} after lookups; index file ${mb(size)}`,
    );
    await index.close();
    if (!process.env.PWNED_BENCH_KEEP) await rm(indexPath);

    if (UNSORTED_N > 0) {
      const { index: unsortedIndex } = await importRun('unsorted', dir, UNSORTED_N, false);
      if (!process.env.PWNED_BENCH_KEEP) await rm(unsortedIndex);
    }
  } finally {
    if (!process.env.PWNED_BENCH_KEEP && !process.env.PWNED_BENCH_DIR)
      await rm(dir, { recursive: true, force: true });
  }
}

await main();

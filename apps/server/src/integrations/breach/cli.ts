import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { errorText } from '../../lib/error-text.ts';
import { BUILTIN_SOURCE } from './builtin.ts';
import { type ImportPhase, importPwned } from './importer.ts';
import { openPwnedIndex } from './lookup.ts';

export const PWNED_USAGE = `Usage:
  pwned import PATH [--index FILE] [--max-malformed N] [--sort-chunk-mb N]
      Build the breached-password index from a Pwned Passwords download: a HASH:COUNT text
      file (sorted or not, optionally gzip-compressed) or a directory of prefix files
      00000 … FFFFF. The new index replaces the old one atomically.
  pwned status [--index FILE]
      Show the index in use: path, records, source, built-at time and size.
Default index: DATA_DIR/pwned/pwned.idx`;

export interface PwnedCommandOptions {
  dataDir: string;
  stdout: NodeJS.WritableStream;
  /** Errors; default stdout. */
  stderr?: NodeJS.WritableStream;
  /** The index to use when --index is not given (e.g. PWNED_INDEX); default DATA_DIR/pwned/pwned.idx. */
  indexPath?: string;
}

export function defaultIndexPath(dataDir: string): string {
  return join(dataDir, 'pwned', 'pwned.idx');
}

const num = (n: number) => n.toLocaleString('en-US');

export function formatBytes(n: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let v = n;
  let u = 0;
  while (v >= 1000 && u < units.length - 1) {
    v /= 1000;
    u++;
  }
  return u === 0 ? `${n} bytes` : `${v.toFixed(v < 10 ? 2 : 1)} ${units[u]}`;
}

function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${(ms / 1000).toFixed(1)} s`;
  const m = Math.floor(s / 60);
  return m < 60 ? `${m} min ${s % 60} s` : `${Math.floor(m / 60)} h ${m % 60} min`;
}

interface Parsed {
  positional: string[];
  flags: Map<string, string>;
}

const VALUE_FLAGS = new Set(['--index', '--max-malformed', '--sort-chunk-mb']);

function parseArgs(args: string[]): Parsed | string {
  const positional: string[] = [];
  const flags = new Map<string, string>();
  const rest = [...args];
  for (let a = rest.shift(); a !== undefined; a = rest.shift()) {
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const name = eq === -1 ? a : a.slice(0, eq);
      if (!VALUE_FLAGS.has(name)) return `unknown option ${name}`;
      const value = eq === -1 ? rest.shift() : a.slice(eq + 1);
      if (value === undefined) return `${name} needs a value`;
      flags.set(name, value);
    } else positional.push(a);
  }
  return { positional, flags };
}

function wholeNumber(flags: Map<string, string>, name: string): number | undefined | string {
  const v = flags.get(name);
  if (v === undefined) return undefined;
  return /^\d+$/.test(v) ? Number(v) : `${name} must be a whole number`;
}

/** Progress: a redrawn bar on a terminal, a line every 10 % otherwise. */
function progressPrinter(out: NodeJS.WritableStream) {
  const tty = 'isTTY' in out && Boolean(out.isTTY);
  const columns = ('columns' in out && typeof out.columns === 'number' ? out.columns : 80) || 80;
  let lastStep = new Map<ImportPhase, number>();
  let drawn = false;
  const started = Date.now();
  const phaseStart = new Map<ImportPhase, number>();
  return {
    update(done: number, total: number | undefined, phase: ImportPhase = 'read') {
      if (!phaseStart.has(phase)) phaseStart.set(phase, Date.now());
      const label = phase === 'read' ? 'reading' : 'merging';
      const amount = phase === 'read' ? formatBytes(done) : `${num(done)} records`;
      const of = total ? ` of ${phase === 'read' ? formatBytes(total) : num(total)}` : '';
      const fraction = total ? Math.min(1, done / total) : 0;
      if (tty) {
        const elapsed = (Date.now() - (phaseStart.get(phase) ?? started)) / 1000;
        const rate = elapsed > 0 && phase === 'read' ? `  ${formatBytes(done / elapsed)}/s` : '';
        const width = Math.max(10, Math.min(40, columns - 60));
        const filled = Math.round(fraction * width);
        const bar = total
          ? `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(fraction * 100).toFixed(1).padStart(5)}%  `
          : '';
        out.write(`\r${label} ${bar}${amount}${of}${rate}\x1b[K`);
        drawn = true;
      } else {
        const step = total ? Math.floor(fraction * 10) : Math.floor(done / 1e9);
        if (step === lastStep.get(phase)) return;
        lastStep.set(phase, step);
        out.write(`${label}: ${total ? `${Math.floor(fraction * 100)}% ` : ''}(${amount}${of})\n`);
      }
    },
    end() {
      if (drawn) out.write('\n');
      drawn = false;
      lastStep = new Map();
    },
  };
}

async function runImport(
  p: Parsed,
  indexPath: string,
  out: NodeJS.WritableStream,
  err: NodeJS.WritableStream,
): Promise<number> {
  const [, source, ...extra] = p.positional;
  if (source === undefined || extra.length > 0) {
    err.write(`pwned import needs exactly one PATH\n${PWNED_USAGE}\n`);
    return 2;
  }
  const maxMalformed = wholeNumber(p.flags, '--max-malformed');
  const chunkMb = wholeNumber(p.flags, '--sort-chunk-mb');
  for (const v of [maxMalformed, chunkMb]) {
    if (typeof v === 'string') {
      err.write(`${v}\n${PWNED_USAGE}\n`);
      return 2;
    }
  }
  const progress = progressPrinter(out);
  out.write(`Importing ${source} into ${indexPath}\n`);
  try {
    const r = await importPwned(source, indexPath, {
      onProgress: (done, total, phase) => progress.update(done, total, phase),
      maxMalformed: maxMalformed as number | undefined,
      sortChunkBytes: chunkMb === undefined ? undefined : Math.max(1, chunkMb as number) * 1024 * 1024,
    });
    progress.end();
    const rate = r.elapsedMs > 0 ? ` (${num(Math.round((r.records / r.elapsedMs) * 1000))} records/s)` : '';
    out.write(
      `Imported ${num(r.records)} records into ${r.indexPath} (${formatBytes(r.sizeBytes)}) in ${formatDuration(r.elapsedMs)}${rate}.\n` +
        `  lines read: ${num(r.lines)}; duplicates merged: ${num(r.duplicates)}; zero counts left out: ${num(r.zeroCounts)}\n` +
        `  input ${r.sortedInput ? 'was sorted (streamed)' : `was not sorted (${num(r.runs)} sorted runs merged)`}; files: ${num(r.files)}\n`,
    );
    if (r.missingPrefixes > 0) {
      out.write(
        `  warning: ${num(r.missingPrefixes)} of the 1,048,576 prefix files are missing (incomplete download?)\n`,
      );
    }
    if (r.ignoredFiles > 0)
      out.write(`  note: ${num(r.ignoredFiles)} other file(s) in the directory were ignored\n`);
    if (r.malformedCount > 0) {
      out.write(`  warning: ${num(r.malformedCount)} malformed line(s) skipped:\n`);
      for (const m of r.malformed) out.write(`    ${m.file}:${m.line}: ${m.reason}: ${m.text}\n`);
    }
    return 0;
  } catch (e) {
    progress.end();
    err.write(`pwned import failed: ${errorText(e)}\n`);
    return 1;
  }
}

async function runStatus(
  indexPath: string,
  out: NodeJS.WritableStream,
  err: NodeJS.WritableStream,
): Promise<number> {
  const st = await stat(indexPath).catch(() => null);
  if (!st) {
    out.write(
      `No imported index at ${indexPath}.\nBreach checks use the built-in list: ${BUILTIN_SOURCE}.\n`,
    );
    return 0;
  }
  try {
    const index = await openPwnedIndex(indexPath);
    const i = index.info;
    await index.close();
    out.write(
      `Breached-password index: ${i.path}\n` +
        `  records:  ${num(i.records)}\n` +
        `  source:   ${i.source}\n` +
        `  built at: ${i.builtAt.toISOString()}\n` +
        `  size:     ${formatBytes(i.sizeBytes)} (${num(i.sizeBytes)} bytes)\n` +
        `  format:   version ${i.version}, 2^${i.prefixBits} prefix table\n`,
    );
    return 0;
  } catch (e) {
    err.write(
      `The index at ${indexPath} cannot be used: ${errorText(e)}\nBreach checks fall back to the built-in list.\n`,
    );
    return 1;
  }
}

/** `portal pwned import PATH` and `portal pwned status`. Returns the exit code (0 ok, 1 failed, 2 usage). */
export async function pwnedCommand(args: string[], opts: PwnedCommandOptions): Promise<number> {
  const out = opts.stdout;
  const err = opts.stderr ?? opts.stdout;
  const p = parseArgs(args);
  if (typeof p === 'string') {
    err.write(`${p}\n${PWNED_USAGE}\n`);
    return 2;
  }
  const command = p.positional[0];
  const indexPath = p.flags.get('--index') ?? opts.indexPath ?? defaultIndexPath(opts.dataDir);
  if (command === 'import') return runImport(p, indexPath, out, err);
  if (command === 'status') return runStatus(indexPath, out, err);
  if (command === 'help' || command === undefined) {
    (command ? out : err).write(`${PWNED_USAGE}\n`);
    return command ? 0 : 2;
  }
  err.write(`unknown pwned command: ${command}\n${PWNED_USAGE}\n`);
  return 2;
}

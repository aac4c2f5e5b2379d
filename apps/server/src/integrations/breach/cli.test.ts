import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultIndexPath, pwnedCommand } from './cli.ts';
import { openPwnedIndex } from './lookup.ts';
import { records, sha1, sorted, tempDir, toText } from '../../../test/support/breach-testdata.ts';

function capture(tty = false) {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (c) => {
    text += c;
  });
  if (tty) Object.assign(stream, { isTTY: true, columns: 100 });
  return { stream, text: () => text };
}

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ dir, cleanup } = await tempDir());
});
afterEach(() => cleanup());

describe('pwned command', () => {
  it('imports into DATA_DIR/pwned/pwned.idx with plain progress lines, then shows the status', async () => {
    await writeFile(join(dir, 'pwned.txt'), toText(sorted(records(1000))));
    const out = capture();
    expect(await pwnedCommand(['import', join(dir, 'pwned.txt')], { dataDir: dir, stdout: out.stream })).toBe(
      0,
    );
    expect(out.text()).toMatch(/reading: 100% \(\d+(\.\d+)? KB of \d+(\.\d+)? KB\)\n/);
    expect(out.text()).toContain(`Imported 1,002 records into ${defaultIndexPath(dir)}`);
    expect(out.text()).toContain('input was sorted (streamed)');
    expect(out.text()).not.toContain('\r');
    const index = await openPwnedIndex(join(dir, 'pwned', 'pwned.idx'));
    expect(await index.lookup(sha1('pw9'))).toBe(10);
    await index.close();

    const status = capture();
    expect(await pwnedCommand(['status'], { dataDir: dir, stdout: status.stream })).toBe(0);
    expect(status.text()).toContain(`Breached-password index: ${defaultIndexPath(dir)}`);
    expect(status.text()).toMatch(/records: {2}1,002\n/);
    expect(status.text()).toContain(`source:   text file: ${join(dir, 'pwned.txt')}`);
    expect(status.text()).toMatch(/built at: \d{4}-\d\d-\d\dT/);
    expect(status.text()).toMatch(/size: {5}[\d.]+ KB \([\d,]+ bytes\)/);
  });

  it('draws a progress bar on a terminal', async () => {
    await writeFile(join(dir, 'pwned.txt'), toText(records(500).reverse()));
    const out = capture(true);
    const index = join(dir, 'custom.idx');
    expect(
      await pwnedCommand(['import', join(dir, 'pwned.txt'), '--index', index], {
        dataDir: dir,
        stdout: out.stream,
      }),
    ).toBe(0);
    expect(out.text()).toMatch(/\rreading \[#+\] 100\.0% {2}/);
    expect(out.text()).toMatch(/\rmerging \[#+\] 100\.0% {2}502 records of 502/);
    expect(out.text()).toContain('was not sorted (2 sorted runs merged)');
  });

  it('reports malformed lines with file and line number and fails', async () => {
    await writeFile(join(dir, 'bad.txt'), `${sha1('a')}:1\nnonsense\n`);
    const out = capture();
    const err = capture();
    expect(
      await pwnedCommand(['import', join(dir, 'bad.txt')], {
        dataDir: dir,
        stdout: out.stream,
        stderr: err.stream,
      }),
    ).toBe(1);
    expect(err.text()).toContain('pwned import failed: 1 malformed line(s)');
    expect(err.text()).toContain('bad.txt:2: expected HASH:COUNT: nonsense');
    // tolerated with --max-malformed
    const ok = capture();
    expect(
      await pwnedCommand(['import', join(dir, 'bad.txt'), '--max-malformed=1'], {
        dataDir: dir,
        stdout: ok.stream,
      }),
    ).toBe(0);
    expect(ok.text()).toContain(
      'warning: 1 malformed line(s) skipped:\n    bad.txt:2: expected HASH:COUNT: nonsense',
    );
  });

  it('says when there is no index, and when it is damaged', async () => {
    const out = capture();
    expect(await pwnedCommand(['status'], { dataDir: dir, stdout: out.stream })).toBe(0);
    expect(out.text()).toContain(`No imported index at ${defaultIndexPath(dir)}.`);
    expect(out.text()).toContain('built-in list');
    await writeFile(join(dir, 'broken.idx'), 'x');
    const bad = capture();
    expect(
      await pwnedCommand(['status'], {
        dataDir: dir,
        stdout: bad.stream,
        indexPath: join(dir, 'broken.idx'),
      }),
    ).toBe(1);
    expect(bad.text()).toMatch(/cannot be used: .*file too short/);
  });

  it('answers usage errors with exit code 2', async () => {
    for (const args of [
      [],
      ['import'],
      ['frobnicate'],
      ['status', '--nope'],
      ['import', 'x', '--max-malformed', 'many'],
    ]) {
      const out = capture();
      expect(await pwnedCommand(args, { dataDir: dir, stdout: out.stream }), args.join(' ')).toBe(2);
      expect(out.text()).toContain('Usage:');
    }
    const help = capture();
    expect(await pwnedCommand(['help'], { dataDir: dir, stdout: help.stream })).toBe(0);
  });
});

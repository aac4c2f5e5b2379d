import { must } from '../../../test/support/must.ts';
import { randomInt } from 'node:crypto';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILTIN_SOURCE, buildBuiltinList, createBreachService, loadBuiltinList } from './builtin.ts';
import { importPwned } from './importer.ts';
import { checkPassword } from './lookup.ts';
import { records, sha1, tempDir, toText } from '../../../test/support/breach-testdata.ts';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789!#$%&*+-=?@^_~';
const randomPassword = (n = 20) =>
  Array.from({ length: n }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

describe('built-in list', () => {
  it('knows the most common passwords and not random ones', async () => {
    const list = await loadBuiltinList();
    expect(list.entries).toBeGreaterThan(990_000);
    for (const pw of ['password', '123456', 'qwerty', 'iloveyou', 'password123']) {
      expect(await checkPassword(list, pw), pw).toMatchObject({
        hacked: true,
        count: 1,
        place: 'built-in list',
      });
    }
    for (let i = 0; i < 20; i++) expect((await checkPassword(list, randomPassword())).hacked).toBe(false);
    const r = await checkPassword(list, 'Grüße, 日本 🎉 not common');
    expect(r).toEqual({
      hacked: false,
      count: 0,
      password: 'Grüße, 日本 🎉 not common',
      tries: r.tries,
      place: 'built-in list',
      hash: sha1('Grüße, 日本 🎉 not common'),
    });
    expect(r.tries).toBeGreaterThan(10); // binary-search probes over ~10^6 entries
    expect(r.tries).toBeLessThanOrEqual(21);
  });

  it('is built once per process', async () => {
    expect(loadBuiltinList()).toBe(loadBuiltinList());
    const small = await loadBuiltinList(1000);
    expect(small.entries).toBe(1000);
    expect((await checkPassword(small, '123456')).hacked).toBe(true);
  });
});

describe('built-in list kept between starts', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    ({ dir, cleanup } = await tempDir());
  });
  afterEach(() => cleanup());

  const answers = async (list: Awaited<ReturnType<typeof buildBuiltinList>>) =>
    Promise.all(['123456', 'password', 'qwerty', randomPassword()].map((pw) => checkPassword(list, pw)));

  it('is hashed and kept at the first start, read back at the next with the same answers', async () => {
    const hashed = await buildBuiltinList(5000, dir);
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    expect((await readFile(join(dir, must(files[0], 'files[0]')))).length).toBe(hashed.entries * 8);
    const kept = await buildBuiltinList(5000, dir);
    expect(kept.entries).toBe(hashed.entries);
    const [a, b] = [await answers(hashed), await answers(kept)];
    expect(b.map((r) => r.hacked)).toEqual(a.map((r) => r.hacked));
    expect(b.slice(0, 3).every((r) => r.hacked)).toBe(true);
    // another limit is another list, kept apart
    expect((await buildBuiltinList(1000, dir)).entries).toBe(1000);
    expect(await readdir(dir)).toHaveLength(2);
  });

  it('hashes the list again when the kept file is damaged (not whole keys)', async () => {
    await buildBuiltinList(1000, dir);
    const file = must((await readdir(dir))[0], 'file');
    await writeFile(join(dir, file), Buffer.alloc(13));
    const list = await buildBuiltinList(1000, dir);
    expect(list.entries).toBe(1000);
    expect((await checkPassword(list, '123456')).hacked).toBe(true);
    expect((await readFile(join(dir, file))).length).toBe(8000);
  });

  it('works where the cache cannot be written', async () => {
    const blocked = join(dir, 'a-file');
    await writeFile(blocked, 'not a directory');
    const list = await buildBuiltinList(1000, join(blocked, 'cache'));
    expect(list.entries).toBe(1000);
    expect((await checkPassword(list, '123456')).hacked).toBe(true);
  });
});

describe('createBreachService', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    ({ dir, cleanup } = await tempDir());
  });
  afterEach(() => cleanup());

  it('uses the built-in list without an index', async () => {
    const service = createBreachService();
    expect(await service.isBreached('password')).toBe(true);
    expect(await service.isBreached(randomPassword())).toBe(false);
    const status = await service.status();
    expect(status).toEqual({
      place: 'built-in list',
      indexPath: null,
      index: null,
      indexError: null,
      builtin: { source: BUILTIN_SOURCE, entries: expect.any(Number) },
    });
    await service.close();
  });

  it('uses the imported index when present, picks up a re-import, falls back when it vanishes', async () => {
    const indexPath = join(dir, 'pwned', 'pwned.idx');
    const service = createBreachService({ indexPath, recheckMs: 0 });
    expect((await service.check('pw1')).place).toBe('built-in list');
    expect((await service.status()).place).toBe('built-in list');

    await writeFile(join(dir, 'a.txt'), toText(records(100)));
    await importPwned(join(dir, 'a.txt'), indexPath);
    expect(await service.check('pw1')).toEqual({
      hacked: true,
      count: 2,
      password: 'pw1',
      tries: 1,
      place: 'local index',
      hash: sha1('pw1'),
    });
    expect(await service.isBreached('password')).toBe(false); // the index answers, not the built-in list
    const status = await service.status();
    expect(status.place).toBe('local index');
    expect(status.index).toMatchObject({ path: indexPath, records: 102 });

    await writeFile(join(dir, 'b.txt'), toText(records(100, 'other')));
    await importPwned(join(dir, 'b.txt'), indexPath);
    expect((await service.check('pw1')).hacked).toBe(false);
    expect((await service.check('other1')).count).toBe(2);

    await rename(indexPath, join(dir, 'moved.idx'));
    expect(await service.check('password')).toMatchObject({ hacked: true, place: 'built-in list' });
    await service.close();
  });

  it('falls back to the built-in list when the index is damaged, and says why', async () => {
    const indexPath = join(dir, 'pwned.idx');
    await writeFile(indexPath, 'garbage');
    const service = createBreachService({ indexPath });
    expect(await service.check('123456')).toMatchObject({ hacked: true, place: 'built-in list' });
    const status = await service.status();
    expect(status.place).toBe('built-in list');
    expect(status.indexError).toMatch(/not a breached-password index/);
    await service.close();
  });

  it('checks concurrently while the index is replaced', async () => {
    const indexPath = join(dir, 'pwned.idx');
    await writeFile(join(dir, 'a.txt'), toText(records(300)));
    await importPwned(join(dir, 'a.txt'), indexPath);
    const service = createBreachService({ indexPath, recheckMs: 0 });
    await service.warm();
    const checks = Array.from({ length: 200 }, (_, i) => service.check(`pw${i}`));
    await importPwned(join(dir, 'a.txt'), indexPath);
    const more = Array.from({ length: 100 }, (_, i) => service.check(`pw${i}`));
    for (const [i, r] of (await Promise.all(checks)).entries())
      expect(r).toMatchObject({ hacked: true, count: i + 1, place: 'local index' });
    for (const [i, r] of (await Promise.all(more)).entries())
      expect(r).toMatchObject({ hacked: true, count: i + 1, place: 'local index' });
    await service.close();
    await expect(service.check('x')).rejects.toThrow(/closed/);
  });
});

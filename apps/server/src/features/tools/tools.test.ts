import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { verify } from '@node-rs/bcrypt';
import { MUST_BE_TEXT } from '@portal/contract/rules';
import { PWNED_MAX_CHARS } from '@portal/contract/tools/calls';
import { toolsText } from '@portal/contract/tools/messages';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { auditLog } from '../../db/schema.ts';
import { importPwned } from '../../integrations/breach/index.ts';
import { importDocument } from '../../lib/import.ts';
import { type Account, factories } from '../../../test/support/factories.ts';
import { build, createTestDatabase, type TestApp } from '../../../test/support/helper.ts';
import {
  BCRYPT_MAX_BYTES,
  HASH_INPUT_MAX_BYTES,
  PASSWORD_COUNT_MAX,
  ToolText,
} from '@portal/contract/tools/messages';
import { MIXED_DIGITS, MIXED_LOWER, MIXED_SYMBOLS, MIXED_UPPER, SOFT_SYLLABLES } from './lib/passwords.ts';

const WORLD = 'Grüße, 日本 🎉';
const sha1Upper = (s: string) => createHash('sha1').update(s, 'utf8').digest('hex').toUpperCase();

let t: TestApp;
let f: ReturnType<typeof factories>;
/** A Primary, its Secondary, staff and an admin; bob another customer. */
let alice: Account;
let bob: Account;
let carol: Account;
let staff: Account;
let admin: Account;
beforeAll(async () => {
  t = await build({ demo: false, start: new Date('2024-01-01T00:00:00Z') });
  f = factories(t);
  alice = await f.makeAccount();
  bob = await f.makeAccount();
  carol = await f.makeAccount({ primary: alice });
  staff = await f.makeAccount({ role: 'staff' });
  admin = await f.makeAccount({ role: 'admin' });
});
afterAll(() => t.close());

const auditRows = async () => (await t.db.select({ n: count() }).from(auditLog))[0]?.n;

describe('every tool call', () => {
  const calls: Array<['GET' | 'POST', string, unknown?]> = [
    ['POST', '/api/md5', { cleartext: 'x' }],
    ['POST', '/api/sha1', { cleartext: 'x' }],
    ['POST', '/api/bcrypt', { cleartext: 'x' }],
    ['POST', '/api/encode-base64', { cleartext: 'x' }],
    ['POST', '/api/decode-base64', { cleartext: 'eA==' }],
    ['POST', '/api/pwned', { item: 'x' }],
    ['GET', '/api/unixtime/0'],
    ['GET', '/api/humantime/0'],
    ['GET', '/api/genwordpass/2/1'],
    ['GET', '/api/gensoftpass/2'],
    ['GET', '/api/genpass/2'],
  ];

  it('needs a token (401 expired_token without one)', async () => {
    for (const [method, url, body] of calls) {
      const res = await t.request(method, url, { body });
      expect(res.status, url).toBe(401);
      expect(res.body.status, url).toBe('expired_token');
    }
  });

  it('is open to any signed-in caller (Primary, Secondary, staff) and is never cached', async () => {
    for (const who of [alice, carol, admin]) {
      for (const [method, url, body] of calls) {
        const res = await t.request(method, url, { token: await t.token(who.logname, who.password), body });
        expect(res.status, `${who.logname} ${url}`).toBe(200);
        expect(res.body.status, `${who.logname} ${url}`).toBe(1);
        expect(res.headers['cache-control'], url).toBe('no-store');
      }
    }
  });

  it('writes nothing to the audit log, even for staff (the tools change nothing)', async () => {
    const before = await auditRows();
    for (const [method, url, body] of calls) {
      await t.request(method, url, { token: await t.token(staff.logname, staff.password), body });
    }
    expect(await auditRows()).toBe(before);
  });
});

describe('POST /api/md5, /api/sha1', () => {
  const digest = async (path: string, cleartext: string, item?: string) =>
    f.as(alice).post(path, { ...(item ? { item } : {}), cleartext });

  it('answers the known digests in lower-case hex', async () => {
    const known: Array<[string, string, string]> = [
      ['', 'd41d8cd98f00b204e9800998ecf8427e', 'da39a3ee5e6b4b0d3255bfef95601890afd80709'],
      ['abc', '900150983cd24fb0d6963f7d28e17f72', 'a9993e364706816aba3e25717850c26c9cd0d89d'],
      [
        'The quick brown fox jumps over the lazy dog',
        '9e107d9d372bb6826bd81d3542a419d6',
        '2fd4e1c67a2d28fced849ee1bb76e7391b93eb12',
      ],
      [WORLD, 'f9247bc51d11d9f8bc7b80d8d31b9d79', '463e2dd10e06654c6b24827dab21afd39c9c4b9c'],
    ];
    for (const [text, md5, sha1] of known) {
      const a = await digest('/api/md5', text, 'md5');
      expect(a.status).toBe(200);
      expect(a.body.data).toEqual({ result: md5 });
      const b = await digest('/api/sha1', text);
      expect(b.body.data).toEqual({ result: sha1 });
    }
  });

  it('accepts item in any spelling of its own kind, and refuses another kind', async () => {
    expect((await digest('/api/md5', 'abc', 'MD5')).body.data.result).toBe(
      '900150983cd24fb0d6963f7d28e17f72',
    );
    expect((await digest('/api/sha1', 'abc', 'SHA-1')).body.data.result).toBe(
      'a9993e364706816aba3e25717850c26c9cd0d89d',
    );
    const wrong = await digest('/api/md5', 'abc', 'sha1');
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ item: toolsText.wrongItem('md5') });
  });

  it('refuses a missing or non-text cleartext', async () => {
    for (const body of [{}, { item: 'md5' }]) {
      const res = await f.as(alice).post('/api/md5', body);
      expect(res.status).toBe(400);
      expect(res.body.status).toBe(0);
      expect(res.body.errors).toEqual({ cleartext: toolsText.textRequired });
    }
    // A value of the wrong type is told so, not called missing.
    const number = await f.as(alice).post('/api/md5', { cleartext: 12 });
    expect(number.status).toBe(400);
    expect(number.body.errors).toEqual({ cleartext: MUST_BE_TEXT });
  });

  it('refuses text over the limit with a clear message', async () => {
    const res = await digest('/api/sha1', 'a'.repeat(HASH_INPUT_MAX_BYTES + 1));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(ToolText.tooLong(HASH_INPUT_MAX_BYTES));
    expect(res.body.errors).toEqual({ cleartext: ToolText.tooLong(HASH_INPUT_MAX_BYTES) });
    expect((await digest('/api/sha1', 'a'.repeat(HASH_INPUT_MAX_BYTES))).status).toBe(200);
  });
});

describe('POST /api/bcrypt', () => {
  it('answers a $2b$ hash that verifies against the text', async () => {
    const res = await f.as(bob).post('/api/bcrypt', { item: 'bcrypt', cleartext: WORLD });
    expect(res.status).toBe(200);
    const hash: string = res.body.data.result;
    expect(hash).toMatch(/^\$2b\$10\$[./A-Za-z0-9]{53}$/);
    expect(await verify(WORLD, hash)).toBe(true);
    expect(await verify(`${WORLD}!`, hash)).toBe(false);
    // a new salt every time
    const again = await f.as(bob).post('/api/bcrypt', { cleartext: WORLD });
    expect(again.body.data.result).not.toBe(hash);
  });

  it('refuses text longer than the 72 bytes bcrypt uses', async () => {
    const text = 'é'.repeat(37); // 74 bytes in UTF-8
    const res = await f.as(bob).post('/api/bcrypt', { cleartext: text });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(ToolText.bcryptTooLong(74));
    const max = await f.as(bob).post('/api/bcrypt', { cleartext: 'x'.repeat(BCRYPT_MAX_BYTES) });
    expect(max.status).toBe(200);
  });
});

describe('POST /api/encode-base64, /api/decode-base64', () => {
  it('round-trips UTF-8 text exactly', async () => {
    const enc = await f.as(alice).post('/api/encode-base64', { item: 'encode', cleartext: WORLD });
    expect(enc.status).toBe(200);
    expect(enc.body.data).toEqual({ result: 'R3LDvMOfZSwg5pel5pysIPCfjok=' });
    const dec = await f
      .as(alice)
      .post('/api/decode-base64', { item: 'decode', cleartext: enc.body.data.result });
    expect(dec.body.data).toEqual({ result: WORLD });
    for (const text of ['', 'a', 'ab', 'abc', '\uFEFFbom', 'line one\r\nline two\n\ttab']) {
      const e = await f.as(alice).post('/api/encode-base64', { cleartext: text });
      const d = await f.as(alice).post('/api/decode-base64', { cleartext: e.body.data.result });
      expect(d.body.data.result).toBe(text);
    }
  });

  it('decodes wrapped Base64 (line breaks ignored)', async () => {
    const res = await f
      .as(alice)
      .post('/api/decode-base64', { cleartext: 'R3LDvMOfZSwg\n5pel5pysIPCfjok=\n' });
    expect(res.body.data.result).toBe(WORLD);
  });

  it('refuses invalid Base64 with the reason, for the answer box', async () => {
    const cases: Array<[string, string]> = [
      ['abc$', ToolText.base64InvalidCharacter('$', 4)],
      ['ab=c', ToolText.base64BadPadding],
      ['abcde', ToolText.base64BadLength],
      ['/w==', ToolText.base64NotUtf8],
      ['YR==', ToolText.base64NotCanonical],
    ];
    for (const [input, text] of cases) {
      const res = await f.as(alice).post('/api/decode-base64', { cleartext: input });
      expect(res.status, input).toBe(400);
      expect(res.body).toEqual({ status: 0, message: text, code: 'invalid', errors: { cleartext: text } });
    }
  });

  it('refuses an item of the other direction', async () => {
    const res = await f.as(alice).post('/api/encode-base64', { item: 'decode', cleartext: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ item: toolsText.wrongItem('encode') });
  });
});

describe('GET /api/unixtime/:seconds_offset', () => {
  const NOW = 1_704_067_200; // 2024-01-01T00:00:00Z, the test clock

  it('adds the offset to the current time, negative offsets and commas included', async () => {
    const at = async (offset: string) => (await f.as(alice).get(`/api/unixtime/${offset}`)).body.data;
    expect(await at('0')).toEqual({ unixtime: NOW });
    expect(await at('86400')).toEqual({ unixtime: NOW + 86_400 });
    expect(await at('-3600')).toEqual({ unixtime: NOW - 3600 });
    expect(await at(encodeURIComponent('2,592,000'))).toEqual({ unixtime: NOW + 2_592_000 });
    t.clock.advance(5_500);
    expect(await at('0')).toEqual({ unixtime: NOW + 5 });
    t.clock.set('2024-01-01T00:00:00Z');
  });

  it('refuses a non-number and an out-of-range result', async () => {
    for (const offset of ['abc', '1.5', '1e3']) {
      const res = await f.as(alice).get(`/api/unixtime/${offset}`);
      expect(res.status, offset).toBe(400);
      expect(res.body.errors, offset).toEqual({ seconds_offset: ToolText.offsetNotNumber });
    }
    const far = await f.as(alice).get('/api/unixtime/999999999999999');
    expect(far.status).toBe(400);
    expect(far.body.message).toBe(ToolText.timeOutOfRange);
  });
});

describe('GET /api/humantime/:timestamp', () => {
  const human = (ts: string) => f.as(alice).get(`/api/humantime/${ts}`);

  it('converts a timestamp to a UTC date-time', async () => {
    expect((await human('1700000000')).body.data).toEqual({
      datetime: 'Tue, 14 Nov 2023 22:13:20 UTC (2023-11-14T22:13:20Z)',
    });
    expect((await human('0')).body.data.datetime).toBe(
      'Thu, 01 Jan 1970 00:00:00 UTC (1970-01-01T00:00:00Z)',
    );
    expect((await human('-86400')).body.data.datetime).toBe(
      'Wed, 31 Dec 1969 00:00:00 UTC (1969-12-31T00:00:00Z)',
    );
    expect((await human(encodeURIComponent('1,700,000,000'))).body.data.datetime).toMatch(
      /^Tue, 14 Nov 2023/,
    );
  });

  it('refuses a non-number, and says when a timestamp looks like milliseconds', async () => {
    const bad = await human('yesterday');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ timestamp: ToolText.timestampNotNumber });
    const ms = await human('1700000000000');
    expect(ms.status).toBe(400);
    expect(ms.body.message).toBe(ToolText.timestampOutOfRange(true));
  });
});

describe('GET /api/genwordpass, /api/gensoftpass, /api/genpass', () => {
  const gen = (url: string) => f.as(alice).get(url);
  // Four capitalised words of the EFF list, which has four hyphenated ones (T-shirt, Yo-yo …).
  const W = '[A-Z][a-z]*(?:-[a-z]+)?';
  const WORD = new RegExp(`^${W}(?:-${W}){3}$`);
  const WORD_WITH_DIGIT = new RegExp(`^${W}[2-9]?(?:-${W}[2-9]?){3}$`);

  it('makes word-based passwords, with a digit when use_numbers is 1', async () => {
    const plain = await gen('/api/genwordpass/8/0');
    expect(plain.status).toBe(200);
    expect(plain.body.message).toBe(ToolText.generated(8, ToolText.kindWord));
    expect(plain.body.data.passwords).toHaveLength(8);
    for (const pw of plain.body.data.passwords) expect(pw).toMatch(WORD);
    const digits = await gen('/api/genwordpass/6/1');
    expect(digits.body.data.passwords).toHaveLength(6);
    for (const pw of digits.body.data.passwords) {
      expect(pw).toMatch(WORD_WITH_DIGIT);
      expect(pw.replace(/\D/g, '')).toHaveLength(1);
    }
  });

  it('makes mixed-character passwords with every class and soft (pronounceable) ones', async () => {
    const mixed = await gen('/api/genpass/10');
    expect(mixed.body.message).toBe(ToolText.generated(10, ToolText.kindMixed));
    for (const pw of mixed.body.data.passwords as string[]) {
      expect(pw.length).toBeGreaterThanOrEqual(14);
      expect(pw.length).toBeLessThanOrEqual(16);
      for (const set of [MIXED_UPPER, MIXED_LOWER, MIXED_DIGITS, MIXED_SYMBOLS])
        expect(
          [...pw].some((c) => set.includes(c)),
          pw,
        ).toBe(true);
    }
    const soft = await gen('/api/gensoftpass/3');
    expect(soft.body.message).toBe(ToolText.generated(3, ToolText.kindSoft));
    const SOFT = new RegExp(`^[A-Z][aeiou](?:[a-z][aeiou]){${SOFT_SYLLABLES - 1}}[2-9]{2}$`);
    for (const pw of soft.body.data.passwords) expect(pw).toMatch(SOFT);
  });

  it('gives different passwords each time', async () => {
    const a = (await gen('/api/genpass/28')).body.data.passwords as string[];
    const b = (await gen('/api/genpass/28')).body.data.passwords as string[];
    expect(new Set([...a, ...b]).size).toBe(56);
  });

  it('clamps a count above 28 to 28 and says so', async () => {
    for (const url of ['/api/genpass/100', '/api/gensoftpass/29', '/api/genwordpass/1000/1']) {
      const res = await gen(url);
      expect(res.status, url).toBe(200);
      expect(res.body.data.passwords, url).toHaveLength(PASSWORD_COUNT_MAX);
      expect(res.body.message, url).toBe(ToolText.clamped(url.split('/')[3] ?? ''));
    }
    expect((await gen('/api/genpass/28')).body.data.passwords).toHaveLength(28);
    expect((await gen('/api/genpass/1')).body.message).toBe(ToolText.generated(1, ToolText.kindMixed));
  });

  it('refuses counts that are not whole numbers from 1, and use_numbers other than 0 or 1', async () => {
    const zero = await gen('/api/genpass/0');
    expect(zero.status).toBe(400);
    expect(zero.body.errors).toEqual({ count: ToolText.countTooSmall });
    const word = await gen('/api/gensoftpass/eight');
    expect(word.status).toBe(400);
    expect(word.body.message).toBe(ToolText.countNotNumber);
    const flag = await gen('/api/genwordpass/8/2');
    expect(flag.status).toBe(400);
    expect(flag.body.errors).toEqual({ use_numbers: toolsText.useNumbersInvalid });
  });
});

describe('POST /api/pwned (built-in list)', () => {
  it('reports a common password as breached', async () => {
    const res = await f.as(alice).post('/api/pwned', { item: 'password123' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      hacked: true,
      count: 1,
      password: 'password123',
      tries: expect.any(Number),
      place: 'built-in list',
      hash: sha1Upper('password123'),
    });
  });

  it('reports an uncommon password as not found, echoing only what was sent', async () => {
    const pw = `${WORLD} Tidy-Oxidize7-Unbent-Swore`;
    const res = await f.as(carol).post('/api/pwned', { item: pw });
    expect(res.body.data).toMatchObject({ hacked: false, count: 0, password: pw, hash: sha1Upper(pw) });
    expect(Object.keys(res.body.data).sort()).toEqual([
      'count',
      'hacked',
      'hash',
      'password',
      'place',
      'tries',
    ]);
  });

  it('refuses a missing, empty or too long password', async () => {
    for (const body of [{}, { item: '' }]) {
      const res = await f.as(alice).post('/api/pwned', body);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ item: toolsText.passwordRequired });
    }
    // A value of the wrong type is told so, not called missing.
    expect((await f.as(alice).post('/api/pwned', { item: 5 })).body.errors).toEqual({ item: MUST_BE_TEXT });
    const long = await f.as(alice).post('/api/pwned', { item: 'x'.repeat(PWNED_MAX_CHARS + 1) });
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual({ item: toolsText.passwordTooLong(PWNED_MAX_CHARS) });
  });
});

describe('POST /api/pwned (imported index)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tools-pwned-'));
  const indexPath = join(dir, 'pwned.idx');
  let ti: TestApp;
  let reader: Account;
  beforeAll(async () => {
    const lines = [
      `${sha1Upper('correct horse battery staple')}:4242`,
      `${'0'.repeat(40)}:7`,
      `${sha1Upper('hunter2')}:17`,
      `${'F'.repeat(40)}:9`,
    ];
    writeFileSync(join(dir, 'pwned.txt'), `${lines.join('\n')}\n`);
    await importPwned(join(dir, 'pwned.txt'), indexPath);
    ti = await build({ demo: false, env: { PWNED_INDEX: indexPath } });
    reader = await factories(ti).makeAccount();
  });
  afterAll(async () => {
    await ti.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers from the index named by PWNED_INDEX, with its counts', async () => {
    const hit = await factories(ti).as(reader).post('/api/pwned', { item: 'correct horse battery staple' });
    expect(hit.body.data).toMatchObject({ hacked: true, count: 4242, place: 'local index' });
    expect((await factories(ti).as(reader).post('/api/pwned', { item: 'hunter2' })).body.data.count).toBe(17);
    const miss = await factories(ti).as(reader).post('/api/pwned', { item: 'password123' });
    expect(miss.body.data).toMatchObject({ hacked: false, count: 0, place: 'local index' });
  });
});

describe('the password is never logged', () => {
  it('appears in no log line at the most verbose level, nor in the audit log', async () => {
    const secret = 'Never-Log-Me-9f3c1a';
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const dataDir = mkdtempSync(join(tmpdir(), 'tools-log-'));
    const { database, drop } = await createTestDatabase();
    // One staff account, its password hashed on import.
    const password = 'tools-log-staff-pass';
    await importDocument(database.db, {
      accounts: [
        {
          logname: 'logstaff',
          uid: 690_001,
          bill_uid: 690_001,
          first_name: 'Log',
          last_name: 'Staff',
          role: 'staff',
          account_role: 'Primary',
          bill_email: 'logstaff@example.test',
          account_type: 'Staff',
          realm: 'staff',
          password,
        },
      ],
    });
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORTAL_JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    });
    const app = await buildApp(config, { database, logger: { level: 'trace', stream } });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/miglogin',
        payload: { username: 'logstaff', password },
      });
      const token = login.json().data.id_token as string;
      const headers = { authorization: `Bearer ${token}` };
      for (const [url, payload] of [
        ['/api/pwned', { item: secret }],
        ['/api/md5', { cleartext: secret }],
        ['/api/bcrypt', { cleartext: secret }],
        ['/api/encode-base64', { cleartext: secret }],
        ['/api/pwned', { item: `${secret}${'x'.repeat(PWNED_MAX_CHARS)}` }], // a refused one too
      ] as const) {
        const res = await app.inject({ method: 'POST', url, headers, payload });
        expect(res.statusCode).toBeLessThan(500);
      }
      expect(lines.length).toBeGreaterThan(0); // the logger did write (requests, responses)
      expect(lines.join('')).not.toContain(secret);
      const audits = await database.db.select().from(auditLog);
      expect(JSON.stringify(audits)).not.toContain(secret);
    } finally {
      await app.close();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

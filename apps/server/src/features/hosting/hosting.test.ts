import { must } from '../../../test/support/must.ts';
import { request as httpRequest } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { gunzipSync } from 'node:zlib';
import { hostingText } from '@portal/contract/hosting/messages';
import { customerMailText } from '@portal/contract/notifications/mails';
import { customerMailTextEs } from '@portal/contract/notifications/mails.es';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog, devsites, errorLogs, hostingChanges, websites } from '../../db/schema.ts';
import { inDays, makeCast, requestsAs } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';
import { importDocument } from '../../lib/import.ts';
import { logDownload, STREAM_BATCH } from './logs.ts';

const PASSWORD = 'hosting-test-pass';

let t: TestApp;
let as: ReturnType<typeof requestsAs>;
/** Sets an account's language, as its first sign-in or its picker would (null: none chosen). */
const speaks = (logname: string, language: 'es' | null) =>
  t.db.update(accounts).set({ language }).where(eq(accounts.logname, logname));
let cast: Awaited<ReturnType<typeof makeCast>>;
beforeAll(async () => {
  t = await build({ demo: false });
  cast = await makeCast(t, PASSWORD);
  const site = (vid: number, owner: string, virtname: string, php_version: string, ssl: number) => ({
    vid,
    owner,
    virtname,
    php_version,
    ssl,
    docroot: `/home/${owner}/www/${virtname}`,
  });
  const devsite = (vid: number, owner: string, domain: string, setup_date: string) => ({
    vid,
    owner,
    domain,
    virtname: `dev.${domain}`,
    docroot: `/home/${owner}/dev/${domain}`,
    ssl: 1,
    setup_date,
  });
  const database = (owner: string, name: string) => ({
    owner,
    name,
    pma_url: `https://db.example.net/phpmyadmin/?db=${name}`,
  });
  const app = (aid: number, appname: string, urlext: string, needs_suphp: number, wf_versions: string) => ({
    aid,
    appname,
    urlext,
    needs_suphp,
    wf_versions,
    version: `${wf_versions}.1`,
  });
  await importDocument(t.db, {
    // alice's three sites (the first with error logs and a devsite), bob's one with its logs.
    websites: [
      { ...site(3101, 'alice', 'anderson-design.com', '8.2', 2), error_logs: 1 },
      { ...site(3102, 'alice', 'harbor-studio.org', '7.4', 1), error_logs: 0 },
      { ...site(3103, 'alice', 'client01-anderson.com', '8.1', 0), error_logs: 0 },
      { ...site(3201, 'bob', 'bakersdozen.com', '8.3', 2), error_logs: 1 },
    ],
    error_logs: [
      ...[
        'PHP Warning:  Undefined variable $title in /home/alice/www/anderson-design.com/index.php on line 14',
        'PHP Notice:  Trying to access array offset on value of type null',
        "AH01071: Got error 'Primary script unknown'",
      ].map((msg, i) => ({ id: i + 1, vid: 3101, msg: `[php:error] ${msg}` })),
      ...Array.from({ length: 8 }, (_, i) => ({
        id: 100 + i,
        vid: 3201,
        msg: `[client 198.51.100.${i}] File does not exist: /home/bob/www/bakersdozen.com/favicon.ico`,
      })),
    ],
    devsites: [
      devsite(3901, 'alice', 'anderson-design.com', inDays(t.clock, -53)),
      devsite(3902, 'bob', 'bakersdozen.com', inDays(t.clock, -76)),
    ],
    databases: [
      database('alice', 'alice_wp'),
      database('alice', 'alice_shop'),
      database('bob', 'bob_recipes'),
    ],
    php_versions: [
      ...['7.4', '8.1', '8.2', '8.3'].map((version, sort) => ({ version, sort })),
      { version: 'Disabled', sort: 99 },
    ],
    // The install form names an app by its place in this list (webappid): MediaWiki is the third.
    webapps: [
      app(1, 'WordPress', 'blog', 1, '6.7'),
      app(2, 'Nextcloud', 'cloud', 1, '30'),
      app(3, 'MediaWiki', 'wiki', 0, '1.42'),
    ],
  });
  as = requestsAs(t, PASSWORD);
}, 180_000);
afterAll(() => t.close());

const site = async (vid: number) => (await t.db.select().from(websites).where(eq(websites.vid, vid)))[0];
const changesOf = (vid: number) => t.db.select().from(hostingChanges).where(eq(hostingChanges.vid, vid));

describe('GET /api/compressed-websites/{user}', () => {
  it('lists the account websites sorted by name with the spec fields', async () => {
    const res = await as('alice').get('/api/compressed-websites/alice');
    expect(res.status).toBe(200);
    expect(res.body.data.map((w: { virtname: string }) => w.virtname)).toEqual([
      'anderson-design.com',
      'client01-anderson.com',
      'harbor-studio.org',
    ]);
    expect(res.body.data[0]).toEqual({
      virtname: 'anderson-design.com',
      vid: 3101,
      php_version: '8.2',
      ssl: 2,
      error_logs: 1,
      docroot: '/home/alice/www/anderson-design.com',
      pending: false,
    });
  });

  it('refuses no token (401) and another account (403); staff and a dashboard admin may read', async () => {
    expect((await as(null).get('/api/compressed-websites/alice')).status).toBe(401);
    expect((await as('bob').get('/api/compressed-websites/alice')).body).toEqual({
      status: 0,
      message: 'Permission denied',
      code: 'forbidden',
    });
    expect((await as('carol').get('/api/compressed-websites/alice')).status).toBe(403);
    expect((await as('dave').get('/api/compressed-websites/alice')).body.data).toHaveLength(3);
    expect((await as('staff').get('/api/compressed-websites/bob')).body.data).toHaveLength(1);
    expect((await as('alice').get('/api/compressed-websites/BAD NAME')).status).toBe(400);
  });
});

describe('GET /api/compressed-nondev-websites/{user}', () => {
  it('lists live websites and marks those that already have a devsite', async () => {
    const res = await as('alice').get('/api/compressed-nondev-websites/alice');
    expect(res.status).toBe(200);
    const byName = Object.fromEntries(
      res.body.data.map((w: { virtname: string; has_devsite: boolean }) => [w.virtname, w.has_devsite]),
    );
    expect(byName).toEqual({
      'anderson-design.com': true,
      'client01-anderson.com': false,
      'harbor-studio.org': false,
    });
    expect((await as('bob').get('/api/compressed-nondev-websites/alice')).status).toBe(403);
    expect((await as(null).get('/api/compressed-nondev-websites/alice')).status).toBe(401);
  });
});

describe('GET /api/virt-details-protected/{user}/{vid}', () => {
  it('answers the site details', async () => {
    const res = await as('alice').get('/api/virt-details-protected/alice/3102');
    expect(res.body.data).toEqual({
      virtname: 'harbor-studio.org',
      vid: 3102,
      docroot: '/home/alice/www/harbor-studio.org',
      ssl: 1,
      php_version: '7.4',
    });
  });

  it("refuses another account's vid exactly like a missing one (403), and tells staff 'VID not found'", async () => {
    const foreign = await as('alice').get('/api/virt-details-protected/alice/3201');
    const missing = await as('alice').get('/api/virt-details-protected/alice/999999');
    expect(foreign.status).toBe(403);
    expect(missing.body).toEqual(foreign.body);
    expect((await as('alice').get('/api/virt-details-protected/bob/3201')).status).toBe(403);
    const staff = await as('staff').get('/api/virt-details-protected/alice/3201');
    expect(staff.status).toBe(404);
    expect(staff.body.message).toBe('VID not found');
    expect((await as('alice').get('/api/virt-details-protected/alice/abc')).status).toBe(400);
    expect((await as(null).get('/api/virt-details-protected/alice/3101')).status).toBe(401);
  });
});

describe('GET /api/php-versions', () => {
  it('lists the offered versions in order, Disabled last', async () => {
    const res = await as('bob').get('/api/php-versions');
    expect(res.body.data.map((v: { version: string }) => v.version)).toEqual([
      '7.4',
      '8.1',
      '8.2',
      '8.3',
      'Disabled',
    ]);
    expect((await as(null).get('/api/php-versions')).status).toBe(401);
  });
});

describe('PHP version change: update-php-version and pending-virt-change', () => {
  const body = { logname: 'alice', virtname: 'harbor-studio.org', vid: 3102 };

  it('needs a version (spec text), a known one, and a different one', async () => {
    const none = await as('alice').post('/api/update-php-version', { ...body, php_version: '' });
    expect(none.status).toBe(400);
    expect(none.body.errors.php_version).toBe('Select a new PHP version');
    const unknown = await as('alice').post('/api/update-php-version', { ...body, php_version: '5.2' });
    expect(unknown.body.errors.php_version).toBe(hostingText.unknownPhp);
    const same = await as('alice').post('/api/update-php-version', { ...body, php_version: '7.4' });
    expect(same.status).toBe(400);
    expect(same.body.errors.php_version).toBe(hostingText.samePhp);
    expect(await changesOf(3102)).toHaveLength(0);
  });

  it("refuses another account's vid, a mismatched name, and no token", async () => {
    expect(
      (await as('alice').post('/api/update-php-version', { logname: 'alice', vid: 3201, php_version: '8.1' }))
        .status,
    ).toBe(403);
    expect(
      (await as('alice').post('/api/update-php-version', { logname: 'bob', vid: 3201, php_version: '8.1' }))
        .status,
    ).toBe(403);
    expect(
      (
        await as('alice').post('/api/update-php-version', {
          ...body,
          virtname: 'bakersdozen.com',
          php_version: '8.1',
        })
      ).status,
    ).toBe(403);
    expect((await as('dave').post('/api/update-php-version', { ...body, php_version: '8.1' })).status).toBe(
      403,
    );
    expect((await as(null).post('/api/update-php-version', { ...body, php_version: '8.1' })).status).toBe(
      401,
    );
    expect(await changesOf(3201)).toHaveLength(0);
  });

  it('queues the change, refuses a second one while it is pending, and applies it after the agent delay', async () => {
    const before = await as('alice').post('/api/pending-virt-change', { logname: 'alice', vid: 3102 });
    expect(before.body).toMatchObject({
      status: 1,
      pending: false,
      last_genconf: null,
      data: { pending: false },
    });

    const res = await as('alice').post('/api/update-php-version', { ...body, php_version: '8.3' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Update queued');
    const change = must((await changesOf(3102))[0], 'change');
    expect(change).toMatchObject({ kind: 'php_version', state: 'queued', owner: 'alice', operator: 'alice' });
    expect(change.payload).toMatchObject({ php_version: '8.3', previous: '7.4' });

    const pending = await as('alice').post('/api/pending-virt-change', {
      logname: 'alice',
      vid: 3102,
      virtname: 'harbor-studio.org',
    });
    expect(pending.body.pending).toBe(true);
    expect(
      (await as('alice').get('/api/compressed-websites/alice')).body.data.find(
        (w: { vid: number }) => w.vid === 3102,
      ).pending,
    ).toBe(true);

    const second = await as('alice').post('/api/update-php-version', { ...body, php_version: '8.1' });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('Change is already pending - please check back later');
    const toggle = await as('alice').post('/api/watcherrorlogs', {
      logname: 'alice',
      virt_server: 'harbor-studio.org',
      vid: 3102,
      status: 1,
    });
    expect(toggle.body.message).toBe('Change is already pending - please check back later');
    expect(await changesOf(3102)).toHaveLength(1);

    await t.drainJobs();
    expect(must(await site(3102), 'the value').phpVersion).toBe('8.3');
    const after = await as('alice').post('/api/pending-virt-change', { logname: 'alice', vid: 3102 });
    expect(after.body.pending).toBe(false);
    expect(after.body.last_genconf).toBe(t.clock.now().toISOString());
    expect((await changesOf(3102))[0]).toMatchObject({ state: 'done', agent: 'embedded' });
  });

  it('refuses pending-virt-change for another account vid', async () => {
    expect((await as('bob').post('/api/pending-virt-change', { logname: 'bob', vid: 3102 })).status).toBe(
      403,
    );
    expect((await as('bob').post('/api/pending-virt-change', { logname: 'bob', vid: 'x' })).status).toBe(400);
  });

  it('audits a change made by staff for the account', async () => {
    const res = await as('staff').post('/api/update-php-version', {
      logname: 'alice',
      vid: 3103,
      php_version: '8.2',
    });
    expect(res.status).toBe(200);
    const entry = must(
      (
        await t.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.operator, 'staff'), eq(auditLog.action, 'POST /api/update-php-version')))
      )[0],
      'entry',
    );
    expect(entry.account).toBe('alice');
    const change = must((await changesOf(3103))[0], 'change');
    expect(change.operator).toBe('staff');
    await t.drainJobs();
  });
});

describe('POST /api/watcherrorlogs', () => {
  it('validates the status', async () => {
    const res = await as('bob').post('/api/watcherrorlogs', {
      logname: 'bob',
      virt_server: 'bakersdozen.com',
      vid: 3201,
      status: 7,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.status).toBeTruthy();
  });

  it("refuses another account's vid and no token", async () => {
    expect(
      (await as('alice').post('/api/watcherrorlogs', { logname: 'alice', vid: 3201, status: 0 })).status,
    ).toBe(403);
    expect(
      (await as(null).post('/api/watcherrorlogs', { logname: 'bob', vid: 3201, status: 0 })).status,
    ).toBe(401);
  });

  it('queues the toggle, which turns logs off once applied; the same state queues nothing', async () => {
    const same = await as('bob').post('/api/watcherrorlogs', {
      logname: 'bob',
      virt_server: 'bakersdozen.com',
      vid: 3201,
      status: 1,
    });
    expect(same.body).toMatchObject({
      status: 1,
      message: hostingText.logsAlreadyOn,
      data: { queued: false },
    });
    const off = await as('bob').post('/api/watcherrorlogs', {
      logname: 'bob',
      virt_server: 'bakersdozen.com',
      vid: 3201,
      status: 0,
    });
    expect(off.body).toMatchObject({
      status: 1,
      message: hostingText.logsOff,
      data: { queued: true, status: 0 },
    });
    expect(must(await site(3201), 'the value').errorLogs).toBe(1);
    await t.drainJobs();
    expect(must(await site(3201), 'the value').errorLogs).toBe(0);
    const on = await as('bob').post('/api/watcherrorlogs', {
      logname: 'bob',
      virt_server: 'bakersdozen.com',
      vid: 3201,
      status: '1',
    });
    expect(on.body.message).toBe(hostingText.logsOn);
    await t.drainJobs();
    expect(must(await site(3201), 'the value').errorLogs).toBe(1);
  });
});

describe('POST /api/geterrorlogs', () => {
  const ask = (last_log_id: number, who = 'bob') =>
    as(who).post('/api/geterrorlogs', {
      virt_server: 'bakersdozen.com',
      vid: 3201,
      logname: 'bob',
      last_log_id,
    });

  it('answers the newest rows first, then only rows newer than last_log_id', async () => {
    const first = await ask(0);
    expect(first.status).toBe(200);
    expect(first.body.data.numrows).toBe(8);
    const ids = first.body.data.logs.map((l: { id: number }) => l.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(first.body.data.new_last_log_id).toBe(ids[0]);

    const empty = await ask(first.body.data.new_last_log_id);
    expect(empty.body.data).toEqual({
      logs: [],
      numrows: 0,
      new_last_log_id: first.body.data.new_last_log_id,
    });

    await t.db.insert(errorLogs).values([
      { vid: 3201, msg: 'new line 1' },
      { vid: 3101, msg: 'another site' },
      { vid: 3201, msg: 'new line 2' },
    ]);
    const next = await ask(first.body.data.new_last_log_id);
    expect(next.body.data.logs.map((l: { msg: string }) => l.msg)).toEqual(['new line 2', 'new line 1']);
    expect(next.body.data.numrows).toBe(2);
    expect(next.body.data.new_last_log_id).toBe(next.body.data.logs[0].id);
  });

  it('catches up a burst larger than one answer over the next polls without a gap', async () => {
    const start = (await ask(0)).body.data.new_last_log_id;
    await t.db.execute(
      sql`insert into error_logs (vid, msg) select 3201, 'burst ' || g from generate_series(1, 1500) g`,
    );
    const a = await ask(start);
    expect(a.body.data.numrows).toBe(1000);
    expect(a.body.data.logs.at(-1).msg).toBe('burst 1');
    const b = await ask(a.body.data.new_last_log_id);
    expect(b.body.data.numrows).toBe(500);
    expect(b.body.data.logs[0].msg).toBe('burst 1500');
  });

  it('validates last_log_id and refuses another account, a wrong name and no token', async () => {
    const bad = await as('bob').post('/api/geterrorlogs', { vid: 3201, logname: 'bob', last_log_id: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.last_log_id).toBeTruthy();
    expect((await ask(0, 'alice')).status).toBe(403);
    expect(
      (await as('alice').post('/api/geterrorlogs', { vid: 3201, logname: 'alice', last_log_id: 0 })).status,
    ).toBe(403);
    expect(
      (await as('bob').post('/api/geterrorlogs', { virt_server: 'x.com', vid: 3201, logname: 'bob' })).status,
    ).toBe(403);
    expect((await as(null).post('/api/geterrorlogs', { vid: 3201, logname: 'bob' })).status).toBe(401);
    expect((await ask(0, 'staff')).status).toBe(200);
  });
});

describe('POST /api/download-errorlogs', () => {
  it('answers the log as a text file named after the site, oldest line first', async () => {
    const res = await as('alice').post('/api/download-errorlogs', {
      logname: 'alice',
      virt_server: 'anderson-design.com',
      vid: 3101,
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="anderson-design.com-error-log.txt"',
    );
    const lines = String(res.body).split('\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toContain('Undefined variable $title');
    expect(lines).toContain('another site');
  });

  it('gzips the stream when the client accepts it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/download-errorlogs',
      headers: { authorization: `Bearer ${await t.token('alice', PASSWORD)}`, 'accept-encoding': 'gzip' },
      payload: { logname: 'alice', vid: 3101 },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toContain('Primary script unknown');
  });

  it("refuses another account's vid (403) and no token (401) with the JSON envelope", async () => {
    const res = await as('bob').post('/api/download-errorlogs', { logname: 'bob', vid: 3101 });
    expect(res.body).toEqual({ status: 0, message: 'Permission denied', code: 'forbidden' });
    expect((await as(null).post('/api/download-errorlogs', { logname: 'alice', vid: 3101 })).status).toBe(
      401,
    );
    expect((await as('alice').post('/api/download-errorlogs', { logname: 'alice' })).status).toBe(400);
  });

  it('streams a large log to the end, batch by batch', async () => {
    const rows = 120_000;
    const line = 'x'.repeat(400);
    await t.db.execute(
      sql`insert into error_logs (vid, msg) select 3103, ${line} || ' ' || g from generate_series(1, ${rows}) g`,
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const token = await t.token('alice', PASSWORD);
    const { bytes, lines, chunks } = await new Promise<{ bytes: number; lines: number; chunks: number }>(
      (resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/download-errorlogs',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          },
          (res) => {
            let bytes = 0;
            let lines = 0;
            let chunks = 0;
            res.on('data', (chunk: Buffer) => {
              bytes += chunk.length;
              chunks++;
              for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
            });
            res.on('end', () => resolve({ bytes, lines, chunks }));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify({ logname: 'alice', vid: 3103 }));
      },
    );
    expect(lines).toBe(rows);
    expect(bytes).toBeGreaterThan(rows * 400);
    expect(chunks).toBeGreaterThan(1);
  }, 240_000);

  it('reads at most one batch ahead of a client that is not reading', async () => {
    // The log of 3103 holds 24 batches (test above); a stalled client must not make the server buffer them.
    const stream = logDownload(t.db, 3103);
    const first = await new Promise<string>((resolve) => stream.once('data', resolve));
    stream.pause();
    expect(first.split('\n')).toHaveLength(STREAM_BATCH + 1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(stream.readableLength).toBeLessThanOrEqual(1);
    stream.destroy();
  });
});

describe('signed error-log links: download-errorlogs-link and GET /api/download-errorlogs?link=', () => {
  const linkOf = async (who: string, body: Record<string, unknown>, token?: string) =>
    token
      ? t.request('POST', '/api/download-errorlogs-link', { token, body })
      : as(who).post('/api/download-errorlogs-link', body);
  const fetchLink = (url: string) => t.request('GET', url);
  const file = (link: string) => `/api/download-errorlogs?link=${link}`;
  /** The link with its payload replaced (the signature left as it was). */
  const withPayload = (url: string, patch: Record<string, unknown>) => {
    const [head, payload = '', sig] = url.slice(url.indexOf('=') + 1).split('.');
    const claims = { ...JSON.parse(Buffer.from(payload, 'base64url').toString()), ...patch };
    return file(`${head}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${sig}`);
  };

  it('answers a link that streams the file, without a token, as often as asked until it expires', async () => {
    const res = await linkOf('alice', { logname: 'alice', virt_server: 'anderson-design.com', vid: 3101 });
    expect(res.status).toBe(200);
    const { url, filename, expires_at, empty } = res.body.data;
    expect(url).toMatch(/^\/api\/download-errorlogs\?link=[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(filename).toBe('anderson-design.com-error-log.txt');
    expect(empty).toBe(false);
    expect(Date.parse(expires_at) - t.clock.now().getTime()).toBeLessThanOrEqual(60_000);
    expect(Date.parse(expires_at) - t.clock.now().getTime()).toBeGreaterThan(58_000);

    const file = await fetchLink(url);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(
      'attachment; filename="anderson-design.com-error-log.txt"',
    );
    expect(file.headers['cache-control']).toBe('no-store');
    expect(String(file.body).split('\n')[0]).toContain('Undefined variable $title');
    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');

    t.clock.advance(50_000);
    expect((await fetchLink(url)).status).toBe(200);
    t.clock.advance(11_000);
    expect((await fetchLink(url)).body).toEqual({
      status: 0,
      message: hostingText.downloadLinkInvalid,
      code: 'not_found',
    });
  });

  it('refuses a tampered link, a session token, a logged-out session, and a caller who lost the right', async () => {
    const { url } = (await linkOf('alice', { logname: 'alice', vid: 3101 })).body.data;
    const invalid = { status: 0, message: hostingText.downloadLinkInvalid, code: 'not_found' };
    expect((await fetchLink(withPayload(url, { vid: 3201, acc: 'bob' }))).body).toEqual(invalid);
    expect((await fetchLink(withPayload(url, { exp: 4_000_000_000 }))).body).toEqual(invalid);
    expect((await fetchLink(`${url.slice(0, -2)}xx`)).status).toBe(404);
    // A bearer token is signed with another key for another purpose: it is no link.
    expect((await fetchLink(file(await t.token('alice', PASSWORD)))).body).toEqual(invalid);
    expect((await fetchLink(file('not-a-link'))).status).toBe(404);
    expect((await fetchLink('/api/download-errorlogs')).body).toEqual(invalid);

    // Links are asked for with the policy of download-errorlogs: another account's site is refused.
    expect((await linkOf('bob', { logname: 'alice', vid: 3101 })).status).toBe(403);
    expect((await linkOf('bob', { logname: 'bob', vid: 3101 })).body).toEqual({
      status: 0,
      message: 'Permission denied',
      code: 'forbidden',
    });
    expect((await linkOf('alice', { logname: 'alice', vid: 3101, virt_server: 'x.com' })).status).toBe(403);
    expect(
      (await as(null).post('/api/download-errorlogs-link', { logname: 'alice', vid: 3101 })).status,
    ).toBe(401);
    expect((await linkOf('alice', { logname: 'alice' })).status).toBe(400);
    expect((await linkOf('staff', { logname: 'alice', vid: 3101 })).status).toBe(200);

    // The link is bound to its caller's session: logging out ends it.
    const login = await t.request('POST', '/api/miglogin', {
      body: { username: 'alice', password: PASSWORD },
    });
    const session = login.body.data.id_token as string;
    const own = (await linkOf('alice', { logname: 'alice', vid: 3101 }, session)).body.data.url;
    expect((await fetchLink(own)).status).toBe(200);
    await t.request('GET', '/api/logout', { token: session });
    expect((await fetchLink(own)).body).toEqual(invalid);

    // ... and to its caller's right, checked again: dave reads alice's sites while her dashboard admin.
    const daves = (await linkOf('dave', { logname: 'alice', vid: 3101 })).body.data.url;
    expect((await fetchLink(daves)).status).toBe(200);
    expect(
      (await as('alice').post('/api/update-admins', { password: PASSWORD, logname: 'alice', admins: '' }))
        .status,
    ).toBe(200);
    try {
      expect((await fetchLink(daves)).body).toEqual({
        status: 0,
        message: 'Permission denied',
        code: 'forbidden',
      });
    } finally {
      await as('alice').post('/api/update-admins', {
        password: PASSWORD,
        logname: 'alice',
        admins: String(cast.dave.uid),
      });
    }
  });

  it('says when a log has no line yet', async () => {
    const res = await linkOf('alice', { logname: 'alice', virt_server: 'harbor-studio.org', vid: 3102 });
    expect(res.body.data).toMatchObject({ filename: 'harbor-studio.org-error-log.txt', empty: true });
    const file = await fetchLink(res.body.data.url);
    expect(file.status).toBe(200);
    expect(file.body).toBe('');
  });

  it('streams a 48 MB log to a slow reader, never far ahead of it, with bounded memory', async () => {
    // The log of 3103 holds 120,000 lines of ~400 bytes (see 'streams a large log' above).
    const { url } = (await linkOf('alice', { logname: 'alice', vid: 3103 })).body.data;
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const liveHeap = () => {
      gc();
      return process.memoryUsage().heapUsed;
    };
    // The first collections of a process settle for a second or so: the baseline is taken after.
    for (let i = 0; i < 5; i++) {
      liveHeap();
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const base = liveHeap();
    let server: Socket | undefined;
    const onConnection = (socket: Socket) => {
      server = socket;
    };
    t.app.server.on('connection', onConnection);
    let received = 0;
    let heap = 0;
    let ahead = 0;
    const sampler = setInterval(() => {
      heap = Math.max(heap, liveHeap() - base);
      // Sent or queued by the server and not yet read by the client (socket buffers included).
      ahead = Math.max(ahead, (server?.bytesWritten ?? 0) - received);
    }, 500);
    // The reader stalls for 3 s after the first chunk, then reads at about 16 MB/s: the server
    // must wait for it, not read the log ahead into memory.
    const BYTES_PER_MS = 16_000;
    const lines = await new Promise<number>((resolve, reject) => {
      // A connection of its own (no keep-alive agent), so the server's side of it is the one watched.
      httpRequest({ host: '127.0.0.1', port, method: 'GET', path: url, agent: false }, (res) => {
        let lines = 0;
        res.on('data', (chunk: Buffer) => {
          const first = received === 0;
          received += chunk.length;
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
          res.pause();
          setTimeout(() => res.resume(), first ? 3000 : Math.ceil(chunk.length / BYTES_PER_MS));
        });
        res.on('end', () => resolve(lines));
        res.on('error', reject);
      })
        .on('error', reject)
        .end();
    }).finally(() => {
      clearInterval(sampler);
      t.app.server.off('connection', onConnection);
    });
    expect(lines).toBe(120_000);
    expect(received).toBeGreaterThan(48_000_000);
    expect(server).toBeDefined();
    console.log(
      `download of ${(received / 1e6).toFixed(0)} MB to a slow reader: the server was at most ` +
        `${(ahead / 1e6).toFixed(1)} MB ahead of it; live JS heap grew at most ${(heap / 1e6).toFixed(1)} MB`,
    );
    // Holding the log, or writing it without waiting for the reader, would take over 48 MB; the
    // stream holds about one batch (~2 MB) ahead, plus what the sockets buffer.
    expect(ahead).toBeLessThan(12_000_000);
    expect(heap).toBeLessThan(12_000_000);
  }, 240_000);
});

describe('web app installs: applist, installapp, pending-installations', () => {
  it('lists the applications', async () => {
    const res = await as('alice').get('/api/applist');
    expect(res.body.data[0]).toEqual({
      aid: 1,
      appname: 'WordPress',
      urlext: 'blog',
      needs_suphp: 1,
      wf_versions: '6.7',
      version: '6.7.1',
    });
    expect((await as(null).get('/api/applist')).status).toBe(401);
  });

  it('validates the install payload with the spec texts', async () => {
    const base = { webappid: 0, appname: 'WordPress', vid: 3101, subdir: 'blog', email: '' };
    const noApp = await as('alice').post('/api/installapp', { ...base, webappid: -1 });
    expect(noApp.status).toBe(400);
    expect(noApp.body.errors.webappid).toBe('Select an App');
    const noSite = await as('alice').post('/api/installapp', { ...base, vid: '' });
    expect(noSite.body.errors.vid).toBe('Select a website');
    const badMail = await as('alice').post('/api/installapp', { ...base, email: 'nope' });
    expect(badMail.body.errors.email).toBe('This field must be a valid email address');
    const badDir = await as('alice').post('/api/installapp', { ...base, subdir: '../etc' });
    expect(badDir.body.errors.subdir).toBe(hostingText.invalidSubdir);
    const wrongApp = await as('alice').post('/api/installapp', { ...base, webappid: 1 });
    expect(wrongApp.body.errors.webappid).toBe('Select an App');
  });

  it("refuses another account's vid and no token", async () => {
    const body = { webappid: 0, appname: 'WordPress', vid: 3201, subdir: 'blog' };
    expect((await as('alice').post('/api/installapp', body)).status).toBe(403);
    expect((await as('alice').post('/api/installapp', { ...body, vid: 999999 })).status).toBe(403);
    expect((await as('staff').post('/api/installapp', { ...body, vid: 999999 })).body.message).toBe(
      'VID not found',
    );
    expect((await as(null).post('/api/installapp', body)).status).toBe(401);
    expect((await as('bob').get('/api/pending-installations/alice')).status).toBe(403);
  });

  it('queues an install, lists it as pending, refuses the same directory twice, and mails the contact when done', async () => {
    const res = await as('alice').post('/api/installapp', {
      webappid: 2,
      appname: 'MediaWiki',
      vid: 3102,
      subdir: '/wiki/',
      email: 'webmaster@harbor-studio.org',
      nsuphp: 0,
      wfv: '1.42',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.url).toBe('https://harbor-studio.org/wiki/');
    expect(res.body.message).toBe('Installing ...');
    const again = await as('alice').post('/api/installapp', {
      webappid: 2,
      appname: 'MediaWiki',
      vid: 3102,
      subdir: 'wiki',
    });
    expect(again.status).toBe(409);
    const pending = await as('alice').get('/api/pending-installations/alice');
    expect(pending.body.data.installations).toEqual([
      { appname: 'MediaWiki', appurl: 'https://harbor-studio.org/wiki/', state: 'Queued' },
    ]);
    await t.drainJobs();
    expect((await as('alice').get('/api/pending-installations/alice')).body.data.installations).toEqual([]);
    expect(t.sent.find((m) => m.to === 'webmaster@harbor-studio.org')?.subject).toBe(
      'MediaWiki installed at https://harbor-studio.org/wiki/',
    );
  });

  it('mails the install in the owner’s language', async () => {
    await speaks('alice', 'es');
    try {
      const res = await as('alice').post('/api/installapp', {
        webappid: 2,
        appname: 'MediaWiki',
        vid: 3102,
        subdir: '/manual/',
        email: 'es-webmaster@harbor-studio.org',
        nsuphp: 0,
        wfv: '1.42',
      });
      expect(res.status).toBe(200);
      await t.drainJobs();
      const url = 'https://harbor-studio.org/manual/';
      const mail = t.sent.find((m) => m.to === 'es-webmaster@harbor-studio.org');
      expect(mail?.subject).toBe(customerMailTextEs.appInstalledSubject('MediaWiki', url));
      expect(mail?.body).toBe(customerMailTextEs.appInstalledBody('MediaWiki', '1.42.1', url));
      expect(mail?.subject).not.toBe(customerMailText.appInstalledSubject('MediaWiki', url));
    } finally {
      await speaks('alice', null);
    }
  });
});

describe('devsites and databases', () => {
  it('lists devsites and answers one, with the owner check', async () => {
    const list = await as('alice').get('/api/devsites/alice');
    expect(list.body.data).toEqual([
      {
        domain: 'anderson-design.com',
        virtname: 'dev.anderson-design.com',
        vid: 3901,
        docroot: '/home/alice/dev/anderson-design.com',
        ssl: 1,
        setup_date: inDays(t.clock, -53),
      },
    ]);
    expect((await as('bob').get('/api/devsites/bob')).body.data.map((d: { vid: number }) => d.vid)).toEqual([
      3902,
    ]);
    expect((await as('alice').get('/api/devsite/alice/3901')).body.data.virtname).toBe(
      'dev.anderson-design.com',
    );
    expect((await as('bob').get('/api/devsite/bob/3901')).status).toBe(403);
    expect((await as('bob').get('/api/devsite/alice/3901')).status).toBe(403);
    expect((await as('staff').get('/api/devsite/bob/3901')).body.message).toBe('VID not found');
    expect((await as(null).get('/api/devsites/alice')).status).toBe(401);
  });

  it('lists databases with their administration link', async () => {
    const res = await as('alice').get('/api/databases/alice');
    expect(res.body.data).toEqual([
      { name: 'alice_shop', pma_url: 'https://db.example.net/phpmyadmin/?db=alice_shop' },
      { name: 'alice_wp', pma_url: 'https://db.example.net/phpmyadmin/?db=alice_wp' },
    ]);
    expect((await as('bob').get('/api/databases/alice')).status).toBe(403);
    expect((await as(null).get('/api/databases/alice')).status).toBe(401);
  });
});

describe('POST /api/devsite-request', () => {
  it('needs a website (spec text) and a known devsite type', async () => {
    const res = await as('alice').post('/api/devsite-request', {
      action: 'create',
      logname: 'alice',
      vid: '',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.vid).toBe('Select a website');
    const type = await as('alice').post('/api/devsite-request', {
      action: 'create',
      logname: 'alice',
      vid: 3102,
      devsite_type: 'Mirror',
    });
    expect(type.status).toBe(400);
  });

  it('refuses a website that has a devsite, another account, and no token', async () => {
    const dup = await as('alice').post('/api/devsite-request', {
      action: 'create',
      logname: 'alice',
      vid: 3101,
    });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(hostingText.devsiteExists);
    expect(
      (await as('alice').post('/api/devsite-request', { action: 'create', logname: 'alice', vid: 3201 }))
        .status,
    ).toBe(403);
    expect(
      (await as('bob').post('/api/devsite-request', { action: 'promote', logname: 'bob', vid: 3901 })).status,
    ).toBe(403);
    expect(
      (await as(null).post('/api/devsite-request', { action: 'refresh', logname: 'alice', vid: 3901 }))
        .status,
    ).toBe(401);
  });

  it('records a create request, mails the NOC, and sets up the devsite when applied', async () => {
    const res = await as('staff').post('/api/devsite-request', {
      action: 'create',
      logname: 'alice',
      vid: 3102,
      email_contact: 'dev@harbor-studio.org',
      notes: 'Please keep the uploads folder',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(hostingText.devsiteSubmitted);
    const change = must(
      (await t.db.select().from(hostingChanges).where(eq(hostingChanges.id, res.body.data.change_id)))[0],
      'change',
    );
    expect(change).toMatchObject({
      kind: 'devsite.create',
      state: 'queued',
      owner: 'alice',
      operator: 'staff',
    });
    expect(change.payload).toMatchObject({
      domain: 'harbor-studio.org',
      devsite_type: 'Copy original website',
    });
    await t.drainJobs();
    const noc = t.sent.find((m) => m.to === 'noc@example.net' && m.subject.includes('harbor-studio.org'));
    expect(noc?.body).toContain('Dev Site Type: Copy original website');
    expect(noc?.body).toContain('Special requests: Please keep the uploads folder');
    expect(noc?.body).toContain('Message sent by staff for alice');
    expect(noc?.replyTo).toBe('dev@harbor-studio.org');
    expect(t.sent.find((m) => m.to === 'dev@harbor-studio.org')).toMatchObject({
      subject: customerMailText.devsiteReadySubject('harbor-studio.org'),
      body: 'The devsite for harbor-studio.org (Copy original website) has been set up at dev.harbor-studio.org.\n',
    });
    const [dev] = await t.db.select().from(devsites).where(eq(devsites.domain, 'harbor-studio.org'));
    expect(dev).toMatchObject({ owner: 'alice', virtname: 'dev.harbor-studio.org' });
    const list = await as('alice').get('/api/compressed-nondev-websites/alice');
    expect(list.body.data.find((w: { vid: number }) => w.vid === 3102).has_devsite).toBe(true);
  });

  it('records promote and refresh requests, one at a time per devsite', async () => {
    const promote = await as('alice').post('/api/devsite-request', {
      action: 'promote',
      logname: 'alice',
      vid: 3901,
      notes: 'Go live Monday',
    });
    expect(promote.body.message).toBe(hostingText.promoteSubmitted);
    const refresh = await as('alice').post('/api/devsite-request', {
      action: 'refresh',
      logname: 'alice',
      vid: 3901,
    });
    expect(refresh.status).toBe(409);
    expect(refresh.body.message).toBe('Change is already pending - please check back later');
    await t.drainJobs();
    const mail = t.sent.find((m) => m.subject === 'Devsite request: promote dev.anderson-design.com (alice)');
    expect(mail?.body).toContain('replaces the live site');
    expect(mail?.body).toContain('Message sent by alice');
    const again = await as('alice').post('/api/devsite-request', {
      action: 'refresh',
      logname: 'alice',
      vid: 3901,
    });
    expect(again.body.message).toBe(hostingText.refreshSubmitted);
  });
});

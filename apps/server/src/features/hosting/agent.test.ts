import { must } from '../../../test/support/must.ts';
import { hostingText } from '@portal/contract/hosting/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostingChanges, websites } from '../../db/schema.ts';
import { makeCast, requestsAs } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';
import { importDocument } from '../../lib/import.ts';
import { agentFor, parseAgentTokens } from './agent.ts';

describe('PORTAL_AGENT_TOKENS', () => {
  it('parses name:secret pairs and refuses malformed entries', () => {
    const creds = parseAgentTokens('web1:secret-one-1234, web2:secret-two-5678');
    expect(creds.map((c) => c.name)).toEqual(['web1', 'web2']);
    expect(agentFor(creds, 'Bearer secret-two-5678')).toBe('web2');
    expect(agentFor(creds, 'Bearer secret-two')).toBeNull();
    expect(agentFor(creds, undefined)).toBeNull();
    expect(() => parseAgentTokens('web1')).toThrow(/name:secret/);
    expect(() => parseAgentTokens('web1:short')).toThrow(/name:secret/);
    expect(parseAgentTokens(undefined)).toEqual([]);
  });
});

describe('the agent API of the web servers', () => {
  let a: TestApp;
  const web1 = { authorization: 'Bearer secret-one-1234' };
  const web2 = { authorization: 'Bearer secret-two-5678' };
  const post = (url: string, headers: Record<string, string>, body: unknown = {}) =>
    a.request('POST', url, { headers, body });

  const PASSWORD = 'agent-test-pass';
  let as: ReturnType<typeof requestsAs>;

  beforeAll(async () => {
    a = await build({
      demo: false,
      env: { PORTAL_AGENT_TOKENS: 'web1:secret-one-1234, web2:secret-two-5678' },
    });
    // alice's three sites and bob's one (on web2), the PHP versions and the app the race installs.
    const { alice, bob } = await makeCast(a, PASSWORD);
    const site = (vid: number, owner: string, virtname: string, php_version: string, error_logs: 0 | 1) => ({
      vid,
      owner,
      virtname,
      php_version,
      ssl: 2,
      error_logs,
      docroot: `/home/${owner}/www/${virtname}`,
    });
    const WORDPRESS = { aid: 1, appname: 'WordPress', urlext: 'blog', version: '6.7.1' };
    await importDocument(a.db, {
      websites: [
        site(3101, alice.logname, 'anderson-design.com', '8.2', 1),
        site(3102, alice.logname, 'harbor-studio.org', '7.4', 0),
        site(3103, alice.logname, 'client01-anderson.com', '8.1', 0),
        { ...site(3201, bob.logname, 'bakersdozen.com', '8.3', 1), server: 'web2' },
      ],
      php_versions: ['7.4', '8.1', '8.2', '8.3'].map((version, sort) => ({ version, sort })),
      webapps: [{ ...WORDPRESS, needs_suphp: 1, wf_versions: '6.7' }],
    });
    as = requestsAs(a, PASSWORD);
  }, 180_000);
  afterAll(() => a?.close());

  it('refuses a missing or wrong credential and customer tokens', async () => {
    expect((await post('/api/agent/claim', {})).status).toBe(401);
    expect((await post('/api/agent/claim', { authorization: 'Bearer nope' })).body.message).toBe(
      hostingText.agentCredentials,
    );
    expect(
      (await post('/api/agent/claim', { authorization: `Bearer ${await a.token('staff', PASSWORD)}` }))
        .status,
    ).toBe(401);
    expect((await post('/api/agent/report', {}, { id: 1, state: 'done' })).status).toBe(401);
    expect((await post('/api/agent/logs', {}, { vid: 3101, lines: ['x'] })).status).toBe(401);
  });

  it('claims, reports progress and the result, and updates the site; the in-process agent stays idle', async () => {
    await as('alice').post('/api/update-php-version', { logname: 'alice', vid: 3101, php_version: '8.3' });
    expect(await a.drainJobs()).toBeGreaterThanOrEqual(0);
    const claim = await post('/api/agent/claim', web1, { limit: 5 });
    expect(claim.status).toBe(200);
    expect(claim.body.data.agent).toBe('web1');
    const [c] = claim.body.data.changes;
    expect(c).toMatchObject({
      kind: 'php_version',
      vid: 3101,
      owner: 'alice',
      virtname: 'anderson-design.com',
      docroot: '/home/alice/www/anderson-design.com',
    });
    expect(c.payload.php_version).toBe('8.3');
    expect((await post('/api/agent/claim', web1)).body.data.changes).toEqual([]);

    const other = await post('/api/agent/report', web2, { id: c.id, state: 'done' });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(hostingText.notClaimed);
    expect((await post('/api/agent/report', web1, { id: c.id, state: 'finished' })).status).toBe(400);

    expect(
      (await post('/api/agent/report', web1, { id: c.id, state: 'applying', message: 'writing vhost' })).body
        .data.state,
    ).toBe('applying');
    const pending = await as('alice').post('/api/pending-virt-change', { logname: 'alice', vid: 3101 });
    expect(pending.body.pending).toBe(true);
    expect((await post('/api/agent/report', web1, { id: c.id, state: 'done' })).status).toBe(200);
    const row = must((await a.db.select().from(websites).where(eq(websites.vid, 3101)))[0], 'row');
    expect(row.phpVersion).toBe('8.3');
    expect(row.lastGenconf).not.toBeNull();
    expect((await post('/api/agent/report', web1, { id: c.id, state: 'failed' })).status).toBe(409);
  });

  it('keeps a failed change from touching the site and frees the site for a new change', async () => {
    await as('alice').post('/api/update-php-version', { logname: 'alice', vid: 3103, php_version: '7.4' });
    const [c] = (await post('/api/agent/claim', web2)).body.data.changes;
    await post('/api/agent/report', web2, { id: c.id, state: 'failed', message: 'php7.4-fpm not installed' });
    const row = must((await a.db.select().from(websites).where(eq(websites.vid, 3103)))[0], 'row');
    expect(row.phpVersion).toBe('8.1');
    const [stored] = await a.db.select().from(hostingChanges).where(eq(hostingChanges.id, c.id));
    expect(stored).toMatchObject({ state: 'failed', result: 'php7.4-fpm not installed' });
    expect(
      (await as('alice').post('/api/update-php-version', { logname: 'alice', vid: 3103, php_version: '8.2' }))
        .status,
    ).toBe(200);
    await post('/api/agent/claim', web2);
  });

  it('gives a change for a site on another web server only to that server', async () => {
    await as('bob').post('/api/watcherrorlogs', { logname: 'bob', vid: 3201, status: 0 });
    expect((await post('/api/agent/claim', web1)).body.data.changes).toEqual([]);
    const [c] = (await post('/api/agent/claim', web2)).body.data.changes;
    expect(c).toMatchObject({ kind: 'error_logs', vid: 3201 });
    await post('/api/agent/report', web2, { id: c.id, state: 'done' });
    expect(
      must((await a.db.select().from(websites).where(eq(websites.vid, 3201)))[0], 'the value').errorLogs,
    ).toBe(0);
  });

  it('lets two agents racing for the same changes claim each one exactly once', async () => {
    for (const vid of [3101, 3102])
      await as('alice').post('/api/watcherrorlogs', { logname: 'alice', vid, status: vid === 3101 ? 0 : 1 });
    await as('alice').post('/api/installapp', {
      webappid: 0,
      appname: 'WordPress',
      vid: 3102,
      subdir: 'blog',
    });
    const results = await Promise.all([
      post('/api/agent/claim', web1, { limit: 10 }),
      post('/api/agent/claim', web2, { limit: 10 }),
      post('/api/agent/claim', web1, { limit: 10 }),
      post('/api/agent/claim', web2, { limit: 10 }),
    ]);
    const ids = results.flatMap((r) => r.body.data.changes.map((c: { id: number }) => c.id));
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
    for (const r of results)
      for (const c of r.body.data.changes) {
        const headers = r.body.data.agent === 'web1' ? web1 : web2;
        expect((await post('/api/agent/report', headers, { id: c.id, state: 'done' })).status).toBe(200);
      }
  });

  it('offers a change again when its agent went silent', async () => {
    await as('alice').post('/api/update-php-version', { logname: 'alice', vid: 3101, php_version: '8.1' });
    const [c] = (await post('/api/agent/claim', web1)).body.data.changes;
    expect((await post('/api/agent/claim', web2)).body.data.changes).toEqual([]);
    a.clock.advance(10 * 60_000);
    expect((await post('/api/agent/claim', web2)).body.data.changes).toEqual([]);
    a.clock.advance(6 * 60_000);
    const again = (await post('/api/agent/claim', web2, { limit: 100 })).body.data.changes;
    expect(again.map((x: { id: number }) => x.id)).toContain(c.id);
    expect((await post('/api/agent/report', web1, { id: c.id, state: 'done' })).status).toBe(409);
    expect((await post('/api/agent/report', web2, { id: c.id, state: 'done' })).status).toBe(200);
  });

  it('accepts pushed error-log lines for its own and unassigned sites', async () => {
    const res = await post('/api/agent/logs', web1, {
      vid: 3101,
      lines: ['[php:error] pushed one', '', 'two\r\nlines'],
    });
    expect(res.body.data.inserted).toBe(2);
    const logs = await as('alice').post('/api/geterrorlogs', {
      vid: 3101,
      logname: 'alice',
      last_log_id: res.body.data.last_log_id - 2,
    });
    expect(logs.body.data.logs.map((l: { msg: string }) => l.msg)).toEqual([
      'two lines',
      '[php:error] pushed one',
    ]);
    expect((await post('/api/agent/logs', web1, { vid: 3201, lines: ['not mine'] })).status).toBe(403);
    expect((await post('/api/agent/logs', web1, { vid: 999999, lines: ['x'] })).status).toBe(404);
    expect((await post('/api/agent/logs', web1, { vid: 3101, lines: [] })).status).toBe(400);
  });
});

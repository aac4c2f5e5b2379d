import { must } from '../support/must.ts';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { get as httpGet } from 'node:http';
import { Agent, request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Browser, chromium, type Page, type Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/index.ts';
import { DEMO_FILE } from '../../src/lib/demo.ts';
import { importFile } from '../../src/lib/import.ts';
import { sleep, waitUntil } from './wait.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../support/chromium.ts';
import { freePort } from '../support/free-port.ts';
import {
  buildServer,
  type HeldSocket,
  holdSocket,
  kill,
  type Proc,
  ROOT,
  startProcess,
  waitReady,
} from './processes.ts';
import { assetsOf, makeRelease } from './releases.ts';

/**
 * The documented production layout (docs/operations.md, "Production install on Debian") on
 * loopback: the compiled server started by the command of the systemd units in deploy/systemd —
 * two web processes and a worker — on PostgreSQL, behind Debian's nginx serving the shipped
 * deploy/nginx/portal.conf itself over TLS (paths, ports, addresses and a self-signed certificate
 * substituted; `nginx -t` first), each process started from the release directory the `current`
 * symlink names (docs/operations.md, "Release directories"). Signs in through nginx, then, with
 * requests flowing (none may fail) and a page of the old release open in chromium, upgrades: a new
 * release's directory, the symlinks switched with the commands of docs/operations.md, each web
 * process restarted in turn the way deploy/rolling-restart.sh does; the old page then opens a
 * lazily loaded screen (no asset 404, no 5xx). Then the rollback the same way, and /metrics.
 * Every port is a free one; everything listens on 127.0.0.1.
 */

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
const MIME_TYPES = '/etc/nginx/mime.types';
const SECRET = 'production-layout-secret-production-layout';
const HOST = 'portal.example.net';
/** nginx's fail_timeout in deploy/nginx/portal.conf, which the rolling restart waits out. */
const site = readFileSync(join(ROOT, 'deploy/nginx/portal.conf'), 'utf8');
const FAIL_TIMEOUT_MS = Number(/fail_timeout=(\d+)s/.exec(site)?.[1] ?? 0) * 1000;

interface Unit {
  argv: string[];
  env: Record<string, string>;
  /** ExecStartPost's readiness wait, as systemd hands it to /bin/sh (`$$` and `%%` unescaped). */
  ready: string;
}

/**
 * A unit's ExecStart and Environment= lines, with the install's `/srv/portal` replaced by the
 * test's and `%i` by the instance: the command the service manager would run.
 */
function unit(file: string, srv: string, instance = ''): Unit {
  const text = readFileSync(join(ROOT, 'deploy/systemd', file), 'utf8').replaceAll('%i', instance);
  const local = (s: string) =>
    s.replaceAll('/srv/portal/', `${srv}/`).replace(/^\/usr\/bin\/node$/, process.execPath);
  const exec =
    must(/^ExecStart=(.+)$/m.exec(text)?.[1], '/^ExecStart=(.+)$/m.exec(text)?.[1]')
      .trim()
      .split(/\s+/)
      .map(local) ?? [];
  const env: Record<string, string> = {};
  for (const [, k = '', v = ''] of text.matchAll(/^Environment=([A-Z_]+)=(.*)$/gm)) env[k] = v;
  expect(exec[0]).toBe(process.execPath);
  const post = /^ExecStartPost=\/bin\/sh -c '(.*)'$/m.exec(text)?.[1] ?? '';
  expect(post).toContain('/readyz');
  return { argv: exec.slice(1), env, ready: post.replaceAll('$$', '$').replaceAll('%%', '%') };
}

/**
 * The socket of deploy/systemd/portal-web@.socket for a port, held the way systemd holds it
 * (processes.ts, holdSocket): one ListenStream= on loopback, which the service unit requires.
 */
function socketUnit(port: number): HeldSocket {
  const text = readFileSync(join(ROOT, 'deploy/systemd/portal-web@.socket'), 'utf8').replaceAll(
    '%i',
    String(port),
  );
  const streams = [...text.matchAll(/^ListenStream=([\d.]+):(\d+)$/gm)];
  expect(streams).toHaveLength(1);
  const [, address = '', listenPort = ''] = must(streams[0], 'ListenStream=');
  expect(Number(listenPort)).toBe(port);
  const service = readFileSync(join(ROOT, 'deploy/systemd/portal-web@.service'), 'utf8');
  expect(service).toMatch(/^Requires=portal-web@%i\.socket$/m);
  return holdSocket(address, port);
}

/**
 * The shell lines of a fenced block of docs/operations.md under `heading` that switch the release
 * symlinks (`ln -sfn … && mv -T …`, and the rollback's `readlink`s), with `/srv/portal` replaced
 * by the test's: what an operator types, run by /bin/sh.
 */
function symlinkSteps(heading: string, srv: string): string {
  const docs = readFileSync(join(ROOT, 'docs/operations.md'), 'utf8');
  const section = docs.slice(docs.indexOf(heading));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  const lines = block
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /^(ln -sfn |new=)/.test(l));
  expect(lines.length).toBeGreaterThan(1);
  return lines.join('\n').replaceAll('/srv/portal/', `${srv}/`);
}

/** Debian's chromium as the browser tests start it, with the site's host name resolving to loopback. */
const launchBrowser = () =>
  chromium.launch({
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${HOST} 127.0.0.1`],
  });

describe.skipIf(!process.env.TEST_DATABASE_URL || !NGINX)('the production layout behind nginx', () => {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `prod_${randomBytes(6).toString('hex')}`;
  let dir = '';
  const procs: Proc[] = [];
  let nginx: Proc | undefined;
  let created = false;
  let dbUrl = '';
  let tlsPort = 0;
  let plainPort = 0;
  let ca: Buffer = Buffer.alloc(0);
  const accessLog = () => join(dir, 'nginx-access.log');
  const agent = new Agent({ keepAlive: true });

  /** A request to the site over TLS, as a browser sends it: the host name, its certificate checked. */
  const call = (
    method: string,
    path: string,
    headers: Record<string, string> = {},
    body?: string,
  ): Promise<{ status: number; text: string; headers: Record<string, unknown> }> =>
    new Promise((resolve, reject) => {
      const req = httpsRequest(
        {
          host: '127.0.0.1',
          port: tlsPort,
          servername: HOST,
          ca,
          agent,
          method,
          path,
          headers: { host: HOST, ...headers },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d) => {
            text += d;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text, headers: res.headers }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const webs: { port: number; proc: Proc; socket: HeldSocket }[] = [];
  let workerPort = 0;
  let worker: Proc | undefined;
  let browser: Browser | undefined;
  /** /srv/portal of docs/operations.md: releases/, and the `current` and `previous` symlinks. */
  let srv = '';
  let oldRelease = '';
  let newRelease = '';

  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(q).finally(() => c.end());
  };

  const shared = () => ({
    DATABASE_URL: dbUrl,
    PORTAL_JWT_SECRET: SECRET,
    // nginx on this host; the address form (127.0.0.1) is the documented one once TRUST_PROXY takes it.
    TRUST_PROXY: '1',
    PORTAL_PUBLIC_URL: 'https://portal.example.net',
    LOG_LEVEL: 'warn',
    // PORTAL_SHUTDOWN_DELAY_MS as shipped (2 s): longer than nginx keeps an upstream connection
    // idle (deploy/nginx/portal.conf), which is what lets a process stop with none left open.
  });

  /** A web process started as its unit starts it: from the release `current` names, on its socket. */
  function startWeb(port: number, socket: HeldSocket): Proc {
    const u = unit('portal-web@.service', srv, String(port));
    const dataDir = join(dir, `web-${port}`);
    mkdirSync(dataDir, { recursive: true });
    const p = startProcess(
      `web ${port}`,
      u.argv,
      { ...u.env, ...shared(), DATA_DIR: dataDir },
      join(srv, 'current'),
      socket,
    );
    procs.push(p);
    return p;
  }

  function startWorker(): Proc {
    const w = unit('portal-worker.service', srv);
    mkdirSync(join(dir, 'worker'), { recursive: true });
    const p = startProcess(
      'worker',
      w.argv,
      { ...w.env, ...shared(), DATA_DIR: join(dir, 'worker'), PORTAL_WORKER_PORT: String(workerPort) },
      join(srv, 'current'),
    );
    procs.push(p);
    return p;
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-production-'));
    buildServer();
    await admin(`create database ${name}`);
    created = true;
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    dbUrl = u.toString();
    const database = await openDatabase({ url: dbUrl });
    await importFile(database.db, DEMO_FILE);
    await database.close();

    // The install (docs/operations.md, step 2): the first release, `current` linked to it. The
    // next release's directory is made now too; the test's upgrade is the switch and the restart.
    if (!existsSync(join(ROOT, 'apps/web/dist/index.html'))) {
      execFileSync('bash', [join(ROOT, 'scripts/build-web.sh')], { stdio: 'ignore' });
    }
    srv = join(dir, 'srv-portal');
    oldRelease = makeRelease(join(srv, 'releases'), '0.2.9-aaaaaaa', false);
    newRelease = makeRelease(join(srv, 'releases'), '0.3.0-bbbbbbb', true);
    execFileSync('ln', ['-sfn', oldRelease, join(srv, 'current')]);

    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const socket = socketUnit(port);
      webs.push({ port, socket, proc: startWeb(port, socket) });
    }
    workerPort = await freePort();
    worker = startWorker();

    // nginx with the shipped site file itself: only its paths, ports, upstream addresses and
    // certificate substituted (a self-signed one made here), included in a minimal nginx.conf the
    // way Debian's /etc/nginx/nginx.conf includes sites-enabled/ inside its http block.
    const httpPort = await freePort();
    const httpsPort = await freePort();
    const temp = join(dir, 'nginx-temp');
    mkdirSync(temp);
    // As root nginx's workers run as nobody: they must be able to write their temp files and log.
    chmodSync(temp, 0o777);
    chmodSync(dir, 0o755);
    const certificate = join(dir, 'cert.pem');
    const key = join(dir, 'key.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        `/CN=${HOST}`,
        '-addext',
        `subjectAltName=DNS:${HOST}`,
        '-keyout',
        key,
        '-out',
        certificate,
      ],
      { stdio: 'ignore' },
    );
    ca = readFileSync(certificate);
    const substituted = site
      .replace('127.0.0.1:8081', `127.0.0.1:${must(webs[0], 'webs[0]').port}`)
      .replace('127.0.0.1:8082', `127.0.0.1:${must(webs[1], 'webs[1]').port}`)
      .replaceAll('listen 80;', `listen 127.0.0.1:${httpPort};`)
      .replaceAll('listen [::]:80;', `listen [::1]:${httpPort};`)
      .replaceAll('listen 443 ', `listen 127.0.0.1:${httpsPort} `)
      .replaceAll('listen [::]:443 ', `listen [::1]:${httpsPort} `)
      .replaceAll(`/etc/letsencrypt/live/${HOST}/fullchain.pem`, certificate)
      .replaceAll(`/etc/letsencrypt/live/${HOST}/privkey.pem`, key)
      .replaceAll('/var/log/nginx/access.log', accessLog())
      .replaceAll('/etc/nginx/snippets/portal-proxy.conf', `${ROOT}deploy/nginx/portal-proxy.conf`)
      .replaceAll('root /srv/portal;', `root ${srv};`);
    // Every substitution found its target: the test serves what an operator installs.
    for (const gone of ['8081', '8082', 'listen 80', 'listen 443', '/etc/', '/var/log/', '/srv/']) {
      expect(substituted.replaceAll(/#.*$/gm, '')).not.toContain(gone);
    }
    writeFileSync(join(dir, 'site.conf'), substituted);
    const conf = `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
daemon off;
events { worker_connections 512; }
http {
  # As Debian's /etc/nginx/nginx.conf: without the types, scripts and styles go out as
  # application/octet-stream, which a browser refuses to run (the site sends nosniff).
  include ${MIME_TYPES};
  default_type application/octet-stream;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  include ${dir}/site.conf;
}
`;
    writeFileSync(join(dir, 'nginx.conf'), conf);
    const check = spawnSync(
      NGINX ?? '',
      ['-t', '-p', dir, '-e', join(dir, 'nginx-error.log'), '-c', join(dir, 'nginx.conf')],
      { encoding: 'utf8' },
    );
    if (check.status !== 0) throw new Error(`nginx -t: ${check.stderr}`);
    const child = spawn(
      NGINX ?? '',
      ['-p', dir, '-e', join(dir, 'nginx-error.log'), '-c', join(dir, 'nginx.conf')],
      { stdio: 'ignore' },
    );
    const exited = new Promise<number | string>((resolve) =>
      child.on('exit', (c, s) => resolve(s ?? c ?? -1)),
    );
    nginx = {
      name: 'nginx',
      child,
      output: () => readFileSync(join(dir, 'nginx-error.log'), 'utf8'),
      exited,
    };
    tlsPort = httpsPort;
    plainPort = httpPort;

    for (const w of webs) await waitReady(w.proc, `http://127.0.0.1:${w.port}`);
    await waitReady(worker, `http://127.0.0.1:${workerPort}`);
    await waitUntil('nginx to answer', async () => {
      try {
        return (await call('GET', '/healthz')).status === 200;
      } catch {
        return false;
      }
    });
  }, 300_000);

  afterAll(async () => {
    agent.destroy();
    await browser?.close();
    if (nginx) await kill(nginx);
    for (const p of procs) await kill(p);
    for (const w of webs) w.socket.close();
    if (created) await admin(`drop database if exists ${name} with (force)`);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const signIn = async () => {
    const res = await call(
      'POST',
      '/api/miglogin',
      { 'content-type': 'application/json' },
      JSON.stringify({ username: 'alice', password: 'alice-demo-pass' }),
    );
    return { status: res.status, body: JSON.parse(res.text) as { data?: { id_token?: string } } };
  };

  /**
   * deploy/rolling-restart.sh: each web process stopped (SIGTERM, as systemd does) and started
   * from `current`, the next one only once this one is ready and nginx's fail_timeout has passed;
   * then the worker. A sign-in sent to a web process's port while no process runs there waits on
   * its socket for the next one, and is answered: the socket, not the process, listens.
   */
  const rollingRestart = async () => {
    for (const w of webs) {
      w.proc.child.kill('SIGTERM');
      expect(await w.proc.exited).toBe(0);
      const waiting = fetch(`http://127.0.0.1:${w.port}/api/miglogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'alice', password: 'alice-demo-pass' }),
      });
      w.proc = startWeb(w.port, w.socket);
      expect((await waiting).status).toBe(200);
      await waitReady(w.proc, `http://127.0.0.1:${w.port}`);
      await sleep(FAIL_TIMEOUT_MS);
    }
    worker?.child.kill('SIGTERM');
    expect(await worker?.exited).toBe(0);
    worker = startWorker();
    await waitReady(worker, `http://127.0.0.1:${workerPort}`);
  };

  /** The release the web processes serve: the asset names their index.html refers to. */
  const servedAssets = async () => {
    const page = await call('GET', '/portal/');
    expect(page.status).toBe(200);
    return [...page.text.matchAll(/\/portal\/assets\/([A-Za-z0-9._-]+)/g)].map((m) => m[1]);
  };

  /**
   * A page signed in as alice; every answer it gets is kept, so that what a later screen of it
   * asked for (and got) can be read.
   */
  const openPortal = async (browser: Browser) => {
    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    const page = await context.newPage();
    const answers: Response[] = [];
    const failed: string[] = [];
    page.on('response', (r) => answers.push(r));
    page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText}`));
    page.on('pageerror', (e) => failed.push(e.message));
    await page.goto(`https://${HOST}:${tlsPort}/portal/`);
    await page
      .getByLabel('Username')
      .waitFor()
      .catch(async (e) => {
        const seen = answers.map((r) => `${r.status()} ${r.url()}`);
        throw new Error(`no login form: ${JSON.stringify({ seen, failed, body: await page.content() })}`, {
          cause: e,
        });
      });
    await page.getByLabel('Username').fill('alice');
    await page.getByLabel('Password', { exact: true }).fill('alice-demo-pass');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByTestId('operator').waitFor();
    await page.evaluate('window.loadedBefore = true');
    return { page, answers, failed };
  };

  /**
   * In the page as it is (no reload: the mark set at its load is still there), a lazily loaded
   * screen from the menu; answers the assets it fetched for it.
   */
  const openLazyScreen = async (o: { page: Page; answers: Response[]; failed: string[] }) => {
    const from = o.answers.length;
    const link = o.page.getByRole('link', { name: 'Set Account Address' });
    if (!(await link.isVisible())) await o.page.getByRole('button', { name: 'Account', exact: true }).click();
    await link.click();
    await o.page.getByRole('heading', { name: /^Change Account Address/ }).waitFor();
    expect(await o.page.evaluate('window.loadedBefore')).toBe(true);
    const bad = o.answers.filter((r) => r.status() >= 400).map((r) => `${r.status()} ${r.url()}`);
    expect(bad, 'no 404 for an asset, no 5xx').toEqual([]);
    expect(o.failed).toEqual([]);
    return o.answers
      .slice(from)
      .map((r) => new URL(r.url()).pathname)
      .filter((path) => path.startsWith('/portal/assets/'))
      .map((path) => path.slice('/portal/assets/'.length));
  };

  it('upgrades with a rolling restart and rolls back, with requests flowing and a page of the old release open, and shows metrics', async () => {
    const health = await call('GET', '/healthz');
    expect((JSON.parse(health.text) as { data: { version: string } }).data.version).toMatch(/^\d+\.\d+\.\d+/);
    // Plain HTTP is sent to HTTPS; over HTTPS the portal sees the scheme (HSTS).
    const plain = await new Promise<{ status: number; location?: string }>((resolve, reject) =>
      httpGet({ host: '127.0.0.1', port: plainPort, path: '/portal/', headers: { host: HOST } }, (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, location: res.headers.location });
      }).on('error', reject),
    );
    expect(plain.status).toBe(301);
    expect(plain.location).toBe(`https://${HOST}/portal/`);
    expect(health.headers['strict-transport-security']).toBeTruthy();
    const login = await signIn();
    expect(login.status).toBe(200);
    const token = login.body.data?.id_token ?? '';
    expect(token).not.toBe('');
    // The units' ExecStartPost readiness wait returns (exit 0) for a ready web process and worker.
    const readyWait = (u: Unit, env: Record<string, string>) =>
      spawnSync('/bin/sh', ['-c', u.ready], { env: { ...process.env, ...env }, timeout: 60_000 }).status;
    expect(readyWait(unit('portal-web@.service', srv, String(must(webs[0], 'webs[0]').port)), {})).toBe(0);
    expect(readyWait(unit('portal-worker.service', srv), { PORTAL_WORKER_PORT: String(workerPort) })).toBe(0);
    // Metrics are not served through the proxy.
    expect((await call('GET', '/metrics')).status).toBe(404);

    // The old release runs; a page of it is open in the browser.
    const oldAssets = assetsOf(oldRelease);
    const newAssets = assetsOf(newRelease);
    expect((await servedAssets()).every((a) => oldAssets.includes(must(a, 'a')))).toBe(true);
    browser = await launchBrowser();
    const oldPage = await openPortal(browser);

    // Requests flow through nginx: reads with the token, and a sign-in every tenth request.
    const statuses: number[] = [];
    let flowing = true;
    const client = async () => {
      for (let i = 0; flowing; i++) {
        try {
          if (i % 10 === 9) statuses.push((await signIn()).status);
          else {
            const res = await call('GET', '/api/customer/alice', { authorization: `Bearer ${token}` });
            statuses.push(res.status);
          }
        } catch {
          statuses.push(-1);
        }
      }
    };
    const clients = [client(), client(), client()];
    await waitUntil('requests to flow', () => statuses.length >= 20);

    // The upgrade (docs/operations.md, "Release directories"): `previous` to the running release,
    // `current` to the new one, each switched atomically; then the rolling restart.
    const sh = (script: string, env: Record<string, string> = {}) =>
      execFileSync('/bin/sh', ['-ec', script], { env: { ...process.env, ...env }, encoding: 'utf8' });
    sh(symlinkSteps('### Release directories', srv), { R: newRelease });
    expect(readlinkSync(join(srv, 'current'))).toBe(newRelease);
    expect(readlinkSync(join(srv, 'previous'))).toBe(oldRelease);
    await rollingRestart();
    expect((await servedAssets()).every((a) => newAssets.includes(must(a, 'a')))).toBe(true);

    // The old page, still open, opens a screen it has not loaded yet: its chunks, which the new
    // release lacks, come from `previous`.
    const fetchedOld = await openLazyScreen(oldPage);
    expect(fetchedOld.length).toBeGreaterThan(0);
    for (const a of fetchedOld) {
      expect(oldAssets).toContain(a);
      expect(newAssets).not.toContain(a);
    }

    // A page loaded on the new release, then the rollback (docs/operations.md, "Rollback"): the
    // links swapped, the rolling restart; that page's next screen comes from `previous` now.
    const newPage = await openPortal(browser);
    sh(symlinkSteps('### Rollback', srv));
    expect(readlinkSync(join(srv, 'current'))).toBe(oldRelease);
    expect(readlinkSync(join(srv, 'previous'))).toBe(newRelease);
    await rollingRestart();
    expect((await servedAssets()).every((a) => oldAssets.includes(must(a, 'a')))).toBe(true);
    const fetchedNew = await openLazyScreen(newPage);
    expect(fetchedNew.length).toBeGreaterThan(0);
    for (const a of fetchedNew) expect(newAssets).toContain(a);

    const during = statuses.length;
    await waitUntil('more requests after the restarts', () => statuses.length >= during + 20);
    flowing = false;
    await Promise.all(clients);

    // Strictly: not one 5xx or failed connection over both restarts, from the clients or in
    // nginx's access log (every request through it: the clients' and the pages' calls).
    const failed = statuses.filter((s) => s !== 200);
    expect(
      failed,
      `${failed.length} of ${statuses.length} requests failed; nginx: ${nginx?.output()}`,
    ).toEqual([]);
    const logged = readFileSync(accessLog(), 'utf8');
    const fivexx = logged.split('\n').filter((l) => /" 5\d\d \d+ "/.test(l));
    expect(fivexx, `nginx: ${nginx?.output()}`).toEqual([]);
    expect(logged.split('\n').filter((l) => /" 200 \d+ "/.test(l)).length).toBeGreaterThan(statuses.length);

    // Each web process and the worker serve their metrics on loopback.
    for (const w of webs) {
      const text = await (await fetch(`http://127.0.0.1:${w.port}/metrics`)).text();
      expect(text).toMatch(
        /portal_http_request_duration_seconds_count\{method="GET",route="\/api\/customer\/:logname",status="200"\} [1-9]/,
      );
      expect(text).toContain('portal_process_resident_memory_bytes');
    }
    const workerMetrics = await (await fetch(`http://127.0.0.1:${workerPort}/metrics`)).text();
    expect(workerMetrics).toContain('portal_jobs_due');
    expect(workerMetrics).toContain('portal_outbox_backlog');

    // A chunk that neither release has goes on to the web processes, which answer 404.
    expect((await call('GET', '/portal/assets/neither-chunk.js')).status).toBe(404);

    // Links that carry a secret: nginx's access log keeps the request, never the secret.
    const secret = randomBytes(16).toString('hex');
    for (const path of [
      `/portal/reset-panel-password/${secret}`,
      `/portal/reset-email-password/${secret}`,
      `/api/confirm-address/${secret}`,
      `/api/subscribe-portal/confirm/${secret}`,
      `/portal/?token=${secret}`,
      `/portal/?lang=en&token=${secret}`,
    ]) {
      await call('GET', path);
    }
    const log = readFileSync(accessLog(), 'utf8');
    expect(log).toContain('"POST /api/miglogin HTTP/1.1" 200');
    expect(log).toContain('"GET /api/confirm-address/[redacted] HTTP/1.1"');
    expect(log).toContain('"GET /portal/reset-panel-password/[redacted] HTTP/1.1"');
    expect(log).toContain('"GET /portal/?[redacted] HTTP/1.1"');
    expect(log).not.toContain(secret);
  }, 300_000);
});

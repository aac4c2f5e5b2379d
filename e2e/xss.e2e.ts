import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOption, launch } from './browser.ts';
import { startPortal } from './portal.ts';

/**
 * Server-provided markup is rendered sanitised (apps/web/src/ui/safe-html.tsx) behind a CSP.
 * Every place that shows such markup gets script and event-handler payloads, planted the way
 * the data really arrives: invoices, the popup note (the staff modal) and network reports by
 * the import format, the payment thank-you by a payment whose receipt address carries markup,
 * the agreement text by rewriting the server's answer (it is a file shipped with the server),
 * and the notice bar (the shell's status messages of type 'review', whose bodies carry what the
 * server answered) by a recovery address carrying markup, added and deleted again.
 *
 * The portal is this file's own (demo data plus the payloads, imported before it starts), so
 * the shared e2e portal and its screenshots are left alone.
 */

const CUSTOMER = { logname: 'xavier', password: 'xavier-xss-pass-9' };
const INVOICE = '20261115-5099';

/**
 * Markup for one place: harmless parts (a heading, bold text, an https link) that must render,
 * then payloads that must neither run nor survive in the DOM.
 */
function payload(place: string): string {
  const run = (how: string) => `window.__xss='${place}:${how}';alert('xss ${how}')`;
  return [
    `<h4 data-xss-probe="${place}">Probe for ${place}</h4>`,
    `<p>Harmless <b data-xss-bold>bold text</b> and a <a data-xss-safe href="https://example.org/ok">safe link</a>.</p>`,
    `<script>${run('script')}</script>`,
    `<img src="x" alt="" onerror="${run('img-onerror')}">`,
    `<svg onload="${run('svg-onload')}"><circle r="1"></circle></svg>`,
    `<p><a data-xss-js href="javascript:${run('a-href')}">javascript link</a></p>`,
    `<p><a data-xss-js href=" JaVa&#x09;ScRiPt:${run('a-href-obfuscated')}">obfuscated link</a></p>`,
    `<iframe srcdoc="<script>parent.${run('iframe-srcdoc')}</script>"></iframe>`,
    `<iframe src="javascript:parent.${run('iframe-src')}"></iframe>`,
    `<object data="javascript:${run('object')}"></object>`,
    `<details open ontoggle="${run('details-ontoggle')}"><summary>details</summary></details>`,
    `<form action="javascript:${run('form')}"><input autofocus onfocus="${run('input-onfocus')}"></form>`,
    '<noscript><p title="</noscript><img src=x onerror=window.__xss=\'mxss-noscript\'>"></p></noscript>',
    "<math><mtext><table><mglyph><style><img src=x onerror=window.__xss='mxss-math'></style></mglyph></table></mtext></math>",
    '<meta http-equiv="refresh" content="0;url=/portal/xss-meta-refresh">',
    '<base href="https://evil.example/">',
    '<style>body{visibility:hidden}</style>',
    '<div data-xss-overlay style="position:fixed;inset:0;z-index:99999;background:#fff">Overlay</div>',
    // Not a script: an off-site image, kept by the sanitiser and refused by the CSP (img-src).
    '<img data-xss-remote src="http://192.0.2.1/pixel.gif" alt="remote pixel">',
  ].join('');
}

/** A receipt address that passes the email rule and carries markup. */
/**
 * A receipt address with the characters of markup that the address rule still admits (a dot-atom
 * local part takes ' = & { } /, not < > " ): were it written as HTML, `&amp` would
 * turn into `&` and the text below would not match.
 */
const MARKUP_EMAIL = "x'onerror=window.__xss=1'&amp{}/@example.org";
/**
 * A recovery address for the notice bar. The address rule refuses < > " and spaces,
 * so it carries what a dot-atom still admits: entity names without their semicolon (`&lt` reads as
 * "<" when written as HTML), quotes, = and /. Written as text, it shows exactly as typed.
 */
const NOTICE_EMAIL = "&ltimg/src=x/onerror=window.__xss='notice'&gt&amp{}@example.org";

/** Demo data plus the planted account, card, invoice, popup note and network report. */
function importDocument(): string {
  const demo: Record<string, unknown[]> = JSON.parse(readFileSync('apps/server/demo/demo-data.json', 'utf8'));
  const add = (entity: string, row: Record<string, unknown>) => {
    demo[entity] = [...(demo[entity] ?? []), row];
  };
  add('accounts', {
    logname: CUSTOMER.logname,
    uid: 5099,
    bill_uid: 5099,
    first_name: 'Xavier',
    last_name: 'Probe',
    role: 'customer',
    account_role: 'Primary',
    addr1: '1 Probe Lane',
    addr2: 'Portland, ME 04101',
    bill_email: 'xavier.probe@example.org',
    realm: 'members',
    password: CUSTOMER.password,
    popup_note: payload('popup-note'),
  });
  add('cards', {
    owner: CUSTOMER.logname,
    cid: 'sbx-cust-xavier',
    payment_profile_id: 'sbx-pp-visa-1881',
    ccn4: '1881',
    card_type: 'Visa',
    expdate: '0930',
    on_auto_billing: false,
    first_name: 'Xavier',
    last_name: 'Probe',
    address: '1 Probe Lane',
    city: 'Portland',
    state: 'ME',
    zipcode: '04101',
    country: 'US',
  });
  add('invoices', {
    invoice: INVOICE,
    owner: CUSTOMER.logname,
    invdate: '20261115',
    duedate: '20261205',
    amount: 10,
    body: `<h2>Invoice for Xavier Probe</h2>${payload('invoice')}`,
  });
  add('network_status', {
    id: 99,
    subject: 'XSS probe report',
    modified: '2026-11-22T10:00:00Z',
    report: payload('network-report'),
    level: 1,
  });
  return JSON.stringify(demo);
}

interface Identity {
  context: BrowserContext;
  page: Page;
  dialogs: string[];
  /** securitypolicyviolation events: directive, blocked URI, the script that caused it. */
  violations: Violation[];
  /** The browser's own CSP messages in the console. */
  console: string[];
  errors: string[];
}

interface Violation {
  directive: string;
  blocked: string;
  source: string;
  sample: string;
}

let browser: Browser;
let portal: Awaited<ReturnType<typeof startPortal>>;
let dataDir: string;
const identities: Identity[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'portal-xss-'));
  const file = join(dataDir, 'xss-import.json');
  writeFileSync(file, importDocument());
  const imported = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/main.ts', 'import', file],
    { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, encoding: 'utf8' },
  );
  if (imported.status !== 0) throw new Error(`import failed:\n${imported.stdout}${imported.stderr}`);
  [portal, browser] = await Promise.all([startPortal({ DATA_DIR: dataDir }), launch()]);
});

afterAll(async () => {
  for (const i of identities) await i.context.close().catch(() => {});
  await browser?.close();
  await portal?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const at = (path: string) => `${portal.baseUrl}/portal${path}`;

/** One browser context per identity; dialogs, CSP violations and page errors are recorded. */
async function identity(): Promise<Identity> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const violations: Violation[] = [];
  await context.exposeBinding('__reportCsp', (_source, v: Violation) => {
    violations.push(v);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      void Reflect.get(
        window,
        '__reportCsp',
      )({
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
        source: e.sourceFile.replace(location.origin, ''),
        sample: e.sample,
      });
    });
  });
  const page = await context.newPage();
  const id: Identity = { context, page, dialogs: [], violations, console: [], errors: [] };
  id.page.on('dialog', (d) => {
    id.dialogs.push(d.message());
    void d.dismiss().catch(() => {});
  });
  id.page.on('pageerror', (e) => id.errors.push(e.message));
  id.page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) id.console.push(m.text());
  });
  identities.push(id);
  return id;
}

/** The HTML document carries an enforcing CSP with no inline scripts and no plugins. */
function expectCsp(res: Response | null): void {
  expect(res, 'a document response').toBeTruthy();
  const csp = (res as Response).headers()['content-security-policy'] ?? '';
  const directives = new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values] as const),
  );
  expect(directives.get('script-src')).toEqual(["'self'"]);
  expect(directives.get('object-src')).toEqual(["'none'"]);
  expect(directives.get('base-uri')).toEqual(["'self'"]);
  expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
}

async function open(id: Identity, path: string): Promise<void> {
  expectCsp(await id.page.goto(at(path)));
}

/**
 * The checks for one place, once its probe heading is shown: the harmless parts render, nothing
 * ran, nothing dangerous is left in the DOM, the page did not navigate and is still visible.
 */
async function expectInert(id: Identity, place: string, path: string): Promise<void> {
  const { page } = id;
  const probe = page.locator(`[data-xss-probe="${place}"]`);
  await probe.waitFor({ timeout: 15_000 });
  const root = probe.locator('xpath=..');
  expect(await root.locator('[data-xss-bold]').textContent()).toBe('bold text');
  expect(await root.locator('[data-xss-safe]').getAttribute('href')).toBe('https://example.org/ok');
  await root.getByText('javascript link').click();
  await root.getByText('obfuscated link').click();
  // Long enough for a meta refresh, a load handler or a toggle event to have fired.
  await page.waitForTimeout(700);
  expect(page.url(), `${place}: no navigation`).toBe(at(path));
  expect(await root.locator('[data-xss-overlay]').getAttribute('style')).toBe(null);
  expect(await root.locator('[data-xss-js][href]').count(), `${place}: javascript: links`).toBe(0);
  const dropped = 'script, iframe, object, embed, form, input, style, meta, base, svg, math, noscript';
  expect(await root.locator(dropped).count(), `${place}: elements the sanitiser drops`).toBe(0);
  expect(await scanDocument(page), place).toEqual([]);
}

/** Anything in the whole document that runs or could run script, or hides the page. */
function scanDocument(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const xss: unknown = Reflect.get(window, '__xss');
    if (xss !== undefined) found.push(`window.__xss = ${String(xss)}`);
    for (const el of Array.from(document.querySelectorAll('*'))) {
      const tag = el.tagName.toLowerCase();
      if (['iframe', 'frame', 'object', 'embed', 'base'].includes(tag)) found.push(`<${tag}>`);
      if (tag === 'script' && !(el as HTMLScriptElement).src) found.push('inline <script>');
      if (tag === 'script' && !(el as HTMLScriptElement).src.startsWith(`${location.origin}/portal/`))
        found.push(`foreign <script src=${(el as HTMLScriptElement).src}>`);
      if (tag === 'meta' && el.closest('body')) found.push('<meta> in the body');
      if (tag === 'style' && el.closest('body') && /visibility/.test(el.textContent ?? ''))
        found.push('payload <style>');
      for (const a of Array.from(el.attributes)) {
        const name = a.name.toLowerCase();
        if (name.startsWith('on')) found.push(`<${tag} ${name}>`);
        if (name === 'srcdoc') found.push(`<${tag} srcdoc>`);
        // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers ignore these in URLs
        const value = a.value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
        if (/^(javascript|vbscript|data:text\/html)/.test(value)) found.push(`<${tag} ${name}=${a.value}>`);
      }
    }
    if (getComputedStyle(document.body).visibility !== 'visible') found.push('body hidden');
    return found;
  });
}

/**
 * Nothing ran (no dialog, no page error), and every CSP refusal is an expected one:
 * - script-src-attr and base-uri refusals raised by the sanitiser itself: DOMPurify parses the
 *   markup into an inert document, which Chromium checks against the page's CSP, so the
 *   handlers and the <base> are refused (and reported) before they are removed. Their source is
 *   DOMPurify's chunk; markup put in the page unsanitised would be refused from elsewhere.
 * - img-src for the off-site pixel (kept by the sanitiser, refused by the CSP);
 * - script-src 'eval' from zod's probe for eval support (a caught `Function('')`).
 */
function expectQuiet(id: Identity, label: string): void {
  expect(id.dialogs, `${label}: dialogs`).toEqual([]);
  expect(id.errors, `${label}: page errors`).toEqual([]);
  const unexpected = id.violations.filter(
    (v) =>
      !(
        (['script-src-attr', 'base-uri'].includes(v.directive) && /\/assets\/dompurify-/.test(v.source)) ||
        (v.directive === 'img-src' && v.blocked.startsWith('http://192.0.2.1/')) ||
        (v.directive === 'script-src' && v.blocked === 'eval')
      ),
  );
  const lines = id.violations.map((v) => `${v.directive} ${v.blocked} from ${v.source || '(page)'}`);
  console.info(
    `${label}: ${id.violations.length} CSP violation events, ${id.console.length} console messages:\n  ${[...new Set(lines)].join('\n  ')}`,
  );
  expect(unexpected, `${label}: unexpected CSP violations`).toEqual([]);
  // The CSP is enforced, not only sent: the off-site pixel was refused.
  expect(id.violations.some((v) => v.directive === 'img-src')).toBe(true);
}

describe('server-provided markup cannot run script (DOMPurify + CSP)', () => {
  it('customer: login modal, network report, invoice, payment thank-you, registration agreement, notice bar', async () => {
    const id = await identity();
    const { page } = id;

    // Signed out: a failed login with markup as the name shows the server's message beside the form.
    await open(id, '/');
    await page.getByLabel('Username').fill(`<img src=x onerror="window.__xss='login';alert(1)">`);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByTestId('login-problem').getByText('Login Failed 1 Time(s)').waitFor();
    expect(await scanDocument(page)).toEqual([]);

    await page.getByLabel('Username').fill(CUSTOMER.logname);
    await page.getByLabel('Password', { exact: true }).fill(CUSTOMER.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByTestId('operator').waitFor();

    // Network report (Breaking News on Home).
    await open(id, '/');
    await page.getByText('XSS probe report').waitFor();
    await expectInert(id, 'network-report', '/');

    // Invoice markup.
    await open(id, `/view-invoice/${INVOICE}`);
    await page.getByTestId('invoice-body').getByText('Invoice for Xavier Probe').waitFor();
    await expectInert(id, 'invoice', `/view-invoice/${INVOICE}`);

    // Payment thank-you: the server's answer (receipt address) goes into the body as text.
    await open(id, '/make-payment');
    await chooseOption(page, 'Pay with', /Visa ending 1881/);
    await page.getByLabel('Amount ($)').fill('1.23');
    await page.getByLabel('Single payment, do not save the card').check();
    await page.getByLabel('Receipt email').fill(MARKUP_EMAIL);
    await page.getByRole('button', { name: 'Make Payment' }).click();
    // Nothing is due on this account: the payment is a credit, which the form asks about first.
    await page.getByRole('dialog').getByRole('button', { name: 'Pay anyway' }).click();
    const thanks = page.getByTestId('thankyou');
    await thanks.getByText(`Receipt sent to: ${MARKUP_EMAIL}`, { exact: false }).waitFor();
    expect(await thanks.textContent()).toContain('Amount: $1.23');
    expect(await thanks.locator('img').count()).toBe(0);
    await page.waitForTimeout(300);
    expect(await scanDocument(page)).toEqual([]);

    // Registration agreement: the server's text with payloads appended to it.
    await page.route('**/api/gettext', async (route) => {
      const res = await route.fetch();
      const json = (await res.json()) as { data: string };
      await route.fulfill({ response: res, json: { ...json, data: json.data + payload('agreement') } });
    });
    await open(id, '/domain-registration');
    await page.getByText('Read the registration agreement').click();
    await page.getByRole('dialog', { name: 'Registration Agreement' }).waitFor();
    await expectInert(id, 'agreement', '/domain-registration');

    // Notice bar: the server's answer to adding a recovery address, then to deleting it again
    // (which also leaves the account as it was).
    await open(id, '/recovery-contacts');
    const notice = page.getByTestId('notice');
    const expectNoticeText = async (text: string) => {
      // The body (the title is plain text; the Alert's close button has an icon of its own),
      // once the sanitiser has loaded and rendered it.
      const body = notice.locator('.mantine-Alert-message');
      await body.getByText(text, { exact: false }).waitFor();
      expect(await body.textContent()).toContain(text);
      expect(await body.locator('*').count(), 'notice: elements in the body').toBe(1); // SafeHtml's div
      await page.waitForTimeout(300);
      expect(page.url(), 'notice: no navigation').toBe(at('/recovery-contacts'));
      expect(await scanDocument(page), 'notice').toEqual([]);
    };
    await page.getByLabel('Recovery email').fill(NOTICE_EMAIL);
    await page.getByLabel('Your current password').fill(CUSTOMER.password);
    await page.getByRole('button', { name: 'Add Email' }).click();
    await expectNoticeText(`Added ${NOTICE_EMAIL}`);
    await page.getByRole('button', { name: `Delete ${NOTICE_EMAIL}` }).click();
    await notice.getByText('Deleted').waitFor();
    await expectNoticeText(NOTICE_EMAIL);
    await page.getByText('No Recovery Addresses Found').waitFor();

    expectQuiet(id, 'customer');
  }, 120_000);

  it('staff: the popup note of the account worked on (modal body)', async () => {
    const id = await identity();
    const { page } = id;
    await open(id, '/');
    await page.getByLabel('Username').fill('staff');
    await page.getByLabel('Password', { exact: true }).fill('staff-demo-pass');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByTestId('operator').waitFor();
    await page.getByPlaceholder('Logname or UID').fill(CUSTOMER.logname);
    await page.getByRole('button', { name: 'Find Account' }).click();
    const modal = page.getByTestId('modal-body');
    await modal.locator('[data-xss-probe="popup-note"]').waitFor();
    await expectInert(id, 'popup-note', '/');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
    await page.getByTestId('working-on').getByText(CUSTOMER.logname, { exact: true }).waitFor();
    expectQuiet(id, 'staff');
  }, 60_000);
});

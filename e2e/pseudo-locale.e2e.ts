import { readFileSync } from 'node:fs';
import { PSEUDO_CLOSE, PSEUDO_OPEN, pseudoText } from '@portal/contract/i18n/pseudo';
import { loginText, shellText } from '@portal/contract/shell/messages';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch } from './browser.ts';
import { startPortal } from './portal.ts';

/**
 * The pseudo-locale run (docs/decisions/118-pseudo-locale.md, docs/languages.md): every screen once
 * at 390 px with each catalogue text accented, 30 % longer and between ⟦ ⟧. A text left plain
 * English did not come from a catalogue; a page that scrolls sideways, or a box whose text runs
 * past its clipped edge, does not fit a longer language.
 */

// A portal of its own, which speaks the pseudo-locale too (PORTAL_PSEUDO_LOCALE): the page asks the
// API for `en-XA`, so the texts the server writes (refusals, Home's notices, Account Activity, a
// device's name, a receipt's lines) come accented too, and one it wrote outside a catalogue fails
// the run. Of its own also because on the shared one the files before it leave alice's Account
// Activity full of entries.
let browser: Browser;
let own: Awaited<ReturnType<typeof startPortal>>;
beforeAll(async () => {
  [browser, own] = await Promise.all([launch(), startPortal({ PORTAL_PSEUDO_LOCALE: 'on' })]);
});
afterAll(async () => {
  await browser?.close();
  await own?.stop();
});
const baseUrl = () => own.baseUrl;
const url = (path: string) => `${baseUrl()}/portal${path}`;

/**
 * Data a screen shows as it is in every language, never a text to translate: the demo data's
 * values (apps/server/demo/demo-data.json: names, addresses, products, notes, the invoices' own
 * HTML, the error logs' messages without their date) and the signed-in account names.
 */
const DEMO_VALUES: string[] = (() => {
  const values = new Set<string>(['alice', 'staff']);
  const walk = (x: unknown): void => {
    if (typeof x === 'string') {
      // HTML shows its blocks and cells as lines, its inline parts within them.
      const blocks = x.replace(/<\/?(?:strong|em|b|i|a)\b[^>]*>/g, '');
      for (const piece of blocks.split(/<[^>]*>|\n|\[[^\]]*\]/))
        if (/[A-Za-z]{2}/.test(piece)) values.add(piece.trim());
    } else if (Array.isArray(x)) x.forEach(walk);
    else if (typeof x === 'object' && x !== null) Object.values(x).forEach(walk);
  };
  walk(JSON.parse(readFileSync('apps/server/demo/demo-data.json', 'utf8')));
  return [...values].filter((v) => v.length > 1).sort((a, b) => b.length - a.length);
})();

/**
 * Kinds of data that are no words of a language: addresses (mail, web, host and file names),
 * amounts, dates as Intl writes them in the page's locale, acronyms, and the names of products
 * and protocols the portal names alike in every language (docs/languages.md says which stay).
 */
const DATA_PATTERNS: RegExp[] = [
  /\S+@\S+/g, // mail addresses
  /[\w/-]*\.[\w.-]*\w/g, // host, domain and file names (a dot between letters or digits)
  // a date as Intl writes it, with its time ("Nov 29, 2026, 8:05 AM", a receipt's "November 29, 2026 at 8:05 AM EST")
  /\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{1,2}, \d{4}(?:(?:,| at)? \d{1,2}:\d{2}(?::\d{2})? [AP]M)?/g,
  /Authorization: Bearer/g, // the header an API token is sent in (the API Tokens screen)
  /\b(?:Visa|Mastercard|Discover|American Express)\b/g, // card brands
  // The hosting plans' names (HOSTING_TYPES, packages/contract/src/account/calls.ts) and the
  // programs a screen names.
  /\b(?:Starter|Basic|Pro|phpMyAdmin|bcrypt|Mailman|Majordomo)\b/g,
  // Browsers and systems as bowser names them, in a device's name (apps/server/src/lib/user-agent.ts).
  /\b(?:Chrome|Chromium|Firefox|Safari|Edge|Linux|Windows|Android|macOS|iOS)\b/g,
  /\b(?:[A-Z]{2,}\d*|[A-Z][a-z]+[A-Z]\w*)\b/g, // acronyms (DNS, SFTP) and CamelCase names (WordPress)
];

/** Lines the server gives as they are, data of no language. */
const SERVER_WRITTEN: RegExp[] = [
  // a website's error log line, as the web server wrote it (Show Logs)
  /^\[\d{4}-\d\d-\d\d [\d:]+\] \[\w+:\w+\] /,
];

/**
 * Parts of a screen that are not the portal's texts: what is marked as in another language (the
 * language picker's names, the OpenAPI document's English) and the footer the help desk receives
 * with a message (the staff's paper, English).
 */
const NOT_OURS = ['body [lang]', '[data-testid="message-footer"]'];

/** What is left of a line of the page's text once its marked texts and its data are taken out. */
function unmarked(line: string): string {
  if (SERVER_WRITTEN.some((p) => p.test(line))) return '';
  let rest = line;
  // Innermost marked text first: a text with a value may hold another text.
  const marked = new RegExp(`${PSEUDO_OPEN}[^${PSEUDO_OPEN}${PSEUDO_CLOSE}]*${PSEUDO_CLOSE}`, 'g');
  for (let before = ''; before !== rest; ) {
    before = rest;
    rest = rest.replace(marked, ' ');
  }
  // Whole web addresses and paths (the API reference's calls), then whole data values, then the
  // kinds of data left in between.
  rest = rest.replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, ' ').replace(/(?:^|\s)\/[\w{}/.-]+/g, ' ');
  for (const value of dataValues()) rest = rest.replace(value, ' ');
  for (const pattern of DATA_PATTERNS) rest = rest.replace(pattern, ' ');
  return rest;
}

/** Configured values the screens show: the portal's title (PORTAL_TITLE, from GET /api/urls). */
const portal = { values: [] as string[] };
beforeAll(async () => {
  const urls = await (await fetch(`${baseUrl()}/api/urls`)).json();
  portal.values = [urls.data.portal_title];
});

/** Each data value as a whole (never a word's part: a short value such as a state's code). */
let matchers: RegExp[] | undefined;
function dataValues(): RegExp[] {
  matchers ??= [...DEMO_VALUES, ...portal.values].map(
    (v) => new RegExp(`(?<!\\w)${v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\w)`, 'g'),
  );
  return matchers;
}

/** The lines of the page's visible text that still hold an English word. */
async function englishLeft(page: Page): Promise<string[]> {
  const [text, notOurs] = await page.evaluate((selectors) => {
    const parts = [...document.querySelectorAll<HTMLElement>(selectors.join(','))];
    return [document.body.innerText, parts.map((el) => el.innerText)];
  }, NOT_OURS);
  const skipped = new Set(notOurs.flatMap((t) => t.split('\n')).map((line) => line.trim()));
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => !skipped.has(line) && /[A-Za-z]{2,}/.test(unmarked(line)));
}

/** What does not fit: the page's sideways scroll, and each clipped box whose text runs past its edge. */
async function cutOff(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const over = document.documentElement.scrollWidth - window.innerWidth;
    if (over > 0) found.push(`the page scrolls sideways by ${over} px`);
    for (const el of document.querySelectorAll('body *')) {
      if (!(el instanceof HTMLElement)) continue;
      const style = getComputedStyle(el);
      const clips =
        style.textOverflow === 'ellipsis' || style.overflowX === 'hidden' || style.overflowX === 'clip';
      // A box of a pixel or two is a visually hidden label for screen readers, not a cut text.
      if (!clips || el.clientWidth <= 2 || el.getClientRects().length === 0) continue;
      const text = el.innerText.trim();
      if (text && el.scrollWidth > el.clientWidth + 1)
        found.push(`${el.tagName.toLowerCase()}.${el.className}: "${text.slice(0, 80)}"`);
    }
    return found;
  });
}

/** A screen with its data: its main heading shown, the network quiet. */
async function settle(page: Page): Promise<void> {
  await page.locator('h1, h2, h3').first().waitFor();
  await page.waitForLoadState('networkidle');
}

/** The findings of a screen, added to its test's `problems`: one list names every screen's at once. */
async function check(page: Page, where: string, problems: string[]): Promise<void> {
  await settle(page);
  for (const line of await englishLeft(page)) problems.push(`${where}: English "${line}"`);
  for (const box of await cutOff(page)) problems.push(`${where}: cut off ${box}`);
}

async function openPseudo(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  // The switch only this run sets (apps/web/src/app/language.ts), before the portal's own code runs.
  await context.addInitScript(() => localStorage.setItem('pseudo-locale', 'on'));
  return context.newPage();
}

async function signIn(page: Page, logname: string): Promise<void> {
  await page.goto(url('/'));
  await page.getByLabel(pseudoText(loginText.username)).fill(logname);
  await page.getByLabel(pseudoText(loginText.password), { exact: true }).fill(`${logname}-demo-pass`);
  await page.getByRole('button', { name: pseudoText(loginText.login) }).click();
  await page.getByTestId('operator').waitFor();
}

/** Every screen a Primary customer opens (alice has data on each), the admin screens among them. */
const CUSTOMER_SCREENS = [
  '/',
  '/account-info',
  '/quickref',
  '/searchwiki',
  '/thankyou',
  '/unimplemented',
  '/account-addr',
  '/billing-addr',
  '/change-panel-password',
  '/change-email-password',
  '/change-stmt-delivery',
  '/add-secondaries',
  '/add-webhosting',
  '/notifications',
  '/api-tokens',
  '/mail-app-passwords',
  '/security',
  '/account-activity',
  '/secondaries',
  '/sec-passwords',
  '/contacts',
  '/add-tc-contact',
  '/edit-tc-contact/1',
  '/circuit-list',
  '/ba-list',
  '/invoices',
  '/recent-payments',
  '/make-payment',
  '/pay-form',
  '/edit-cc',
  '/coworking-prods',
  '/cowork-pay-form',
  '/domain-list',
  '/renew-domains',
  '/domain-renewal/andersonphoto.net',
  '/edit-domain/client08-anderson.com',
  '/permissions/client05-anderson.com',
  '/domain-permissions',
  '/remove-permissions',
  '/domain-usage',
  '/domain-registration',
  '/domain-registration-help',
  '/whois/domain',
  '/dom-help',
  '/dom-faq',
  '/email-aliases/anderson-design.com',
  '/create-mail-alias/anderson-design.com',
  '/update-mail-alias/anderson-design.com/info',
  '/temp-email',
  '/edit-temp-email/shop-2026',
  '/temp-email-faq',
  '/recovery-contacts',
  '/mailing-lists',
  '/disk-usage',
  '/auto-responder',
  '/send-auth-msg',
  '/subscribe-portal',
  '/websites',
  '/edit-website/3102',
  '/devsites',
  '/devsite-info/3901',
  '/create-devsite',
  '/databases',
  '/showlogs/anderson-design.com/3101',
  '/webappinstall',
  '/md5',
  '/bas64',
  '/unix-time',
  '/generate-passwords',
  '/pwned',
  '/faq-test',
  '/api-reference',
];

describe('the portal in the pseudo-locale at 390 px', () => {
  it('the login screen and the password reset requests', async () => {
    // The portal answers the pseudo-locale's tag in it: what the server writes is checked too.
    const refusal = await fetch(`${baseUrl()}/api/customer/alice`, {
      headers: { 'accept-language': 'en-XA' },
    });
    expect((await refusal.json()).message).toMatch(new RegExp(`^${PSEUDO_OPEN}.*${PSEUDO_CLOSE}$`));
    const page = await openPseudo();
    const problems: string[] = [];
    for (const path of ['/', '/request-panel-reset', '/request-email-reset']) {
      await page.goto(url(path));
      await check(page, path, problems);
    }
    await page.context().close();
    expect(problems).toEqual([]);
  }, 60_000);

  it("every customer screen, as alice, and the sidebar's navigation", async () => {
    const page = await openPseudo();
    const problems: string[] = [];
    await signIn(page, 'alice');
    for (const path of CUSTOMER_SCREENS) {
      await page.goto(url(path));
      await check(page, path, problems);
    }
    // An invoice and a payment receipt, reached from their lists.
    for (const [list, link] of [
      ['/invoices', '/view-invoice/'],
      ['/recent-payments', '/payment-receipt/'],
    ] as const) {
      await page.goto(url(list));
      await settle(page);
      const href = await page.locator(`a[href*="${link}"]`).first().getAttribute('href');
      expect(href, `a link to ${link} on ${list}`).toBeTruthy();
      await page.goto(new URL(href ?? '', page.url()).href);
      await check(page, link, problems);
    }
    await page.getByRole('button', { name: pseudoText(shellText.toggleNavigation) }).click();
    await check(page, 'the sidebar', problems);
    await page.context().close();
    expect(problems).toEqual([]);
  }, 240_000);

  it('the staff working on alice', async () => {
    const page = await openPseudo();
    const problems: string[] = [];
    await signIn(page, 'staff');
    await check(page, 'staff home', problems);
    // On a phone the staff search is in the sidebar.
    await page.getByRole('button', { name: pseudoText(shellText.toggleNavigation) }).click();
    await check(page, "the staff's sidebar", problems);
    await page.getByPlaceholder(pseudoText(shellText.lognameOrUid)).fill('alice');
    await page.getByRole('button', { name: pseudoText(shellText.findAccount) }).click();
    await page.getByTestId('working-on-bar').waitFor();
    // A note on the account may open in a pop-up: it is checked too, then closed.
    const dialog = page.getByRole('dialog');
    if (await dialog.isVisible().catch(() => false)) {
      await check(page, 'working on alice, the note', problems);
      await dialog
        .getByRole('button', { name: pseudoText(shellText.close) })
        .first()
        .click();
    }
    await check(page, 'working on alice', problems);
    await page.goto(url('/domain-list'));
    await check(page, 'working on alice, domain list', problems);
    await page.context().close();
    expect(problems).toEqual([]);
  }, 60_000);
});

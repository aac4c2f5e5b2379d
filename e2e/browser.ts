import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type CDPSession, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { CHROMIUM_ARGS, chromiumPath } from '../apps/server/test/support/chromium.ts';
import { startPortal } from './portal.ts';
import { homeTextEs } from '@portal/contract/shell/home-messages.es';
import { loginTextEs } from '@portal/contract/shell/messages.es';
import './provided.ts';

/** Debian's chromium, headless, with no outside network (see the machine notes in the README). */
export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}

export const baseUrl = () => inject('baseUrl');
export const url = (path: string) => `${baseUrl()}/portal${path}`;

export interface PageOptions {
  width?: number;
  height?: number;
  dark?: boolean;
}

export async function newPage(browser: Browser, o: PageOptions = {}): Promise<Page> {
  return (await openPage(browser, o, false)).page;
}

/**
 * A page whose look (light or dark, width and height) can change without a new context or login:
 * `look` sets it, and the next navigation shows it. The look-variant tests of a screen log in once
 * for the four looks rather than once each.
 */
export function lookingPage(browser: Browser, o: PageOptions = {}) {
  return openPage(browser, o, true);
}

/**
 * The page of a test file's look-variant tests (call at the top of their describe block): the
 * first call opens it and logs `logname` in (on the portal of `at`, the shared one unless given),
 * each call sets the look its next navigation shows; closed after the block's tests.
 */
export function signedInLooks(
  browser: () => Browser,
  logname: string,
  at: (path: string) => string = url,
): (o: PageOptions) => Promise<Page> {
  let looking: Awaited<ReturnType<typeof lookingPage>> | undefined;
  afterAll(() =>
    looking?.page
      .context()
      .close()
      .catch(() => {}),
  );
  return async (o) => {
    if (looking) await looking.look(o);
    else {
      looking = await lookingPage(browser(), o);
      await login(looking.page, logname, undefined, at);
    }
    return looking.page;
  };
}

async function openPage(
  browser: Browser,
  o: PageOptions,
  switchable: boolean,
): Promise<{ page: Page; look: (o: PageOptions) => Promise<void> }> {
  const context = await browser.newContext({
    viewport: { width: o.width ?? 1280, height: o.height ?? 860 },
    colorScheme: o.dark ? 'dark' : 'light',
  });
  const state = { dark: o.dark === true };
  if (o.dark || switchable) {
    // The portal shows each account in the mode stored on the server; a dark page is that answer
    // rewritten, so the account's stored mode (which other tests read) is left alone.
    await context.route(/\/api\/(miglogin|usermode\/)/, async (route) => {
      if (!state.dark) return route.continue();
      const response = await route.fetch();
      const body = await response.json();
      if (body?.data?.mode) Object.assign(body.data, { mode: 'dark', color_mode: 'dark' });
      if (body?.mode) Object.assign(body, { mode: 'dark', color_mode: 'dark' });
      await route.fulfill({ response, json: body });
    });
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  (page as Page & { errors: string[] }).errors = errors;
  const look = async (n: PageOptions) => {
    state.dark = n.dark === true;
    await page.setViewportSize({ width: n.width ?? 1280, height: n.height ?? 860 });
    await page.emulateMedia({ colorScheme: n.dark ? 'dark' : 'light' });
  };
  return { page, look };
}

/**
 * The `newPage` of a test file whose pages are each closed after their test, also when the test
 * fails, so one failure cannot slow the next. Call once at the top of the file.
 */
export function pagesClosedAfterEach(): (browser: Browser, o?: PageOptions) => Promise<Page> {
  const opened: Page[] = [];
  afterEach(async () => {
    for (const page of opened.splice(0))
      await page
        .context()
        .close()
        .catch(() => {});
  });
  return async (browser, o) => {
    const page = await newPage(browser, o);
    opened.push(page);
    return page;
  };
}

/**
 * A browser and a portal of the test file's own, started before its tests and stopped after them
 * (call once at the top of the file): `newPage` opens a page of that browser, `url` an address of
 * that portal. `hostname` as in `startPortal`: the passkey files use `localhost` (a WebAuthn RP ID
 * must be a domain name; the shared portal answers at 127.0.0.1).
 */
export function ownPortalAndBrowser(hostname?: string) {
  let browser: Browser | undefined;
  let portal: Awaited<ReturnType<typeof startPortal>> | undefined;
  beforeAll(async () => {
    [browser, portal] = await Promise.all([launch(), startPortal({}, hostname)]);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });
  const started = <T>(x: T | undefined): T => {
    if (x === undefined) throw new Error('the browser and portal start in beforeAll');
    return x;
  };
  const own = (path: string) => `${started(portal).baseUrl}/portal${path}`;
  return {
    newPage: (o?: PageOptions) => newPage(started(browser), o),
    /** A page of this browser whose look can change (see lookingPage). */
    lookingPage: (o?: PageOptions) => lookingPage(started(browser), o),
    url: own,
    /** Signs in on this portal (see login). */
    login: (page: Page, logname: string, password?: string) => login(page, logname, password, own),
    /** When this portal started, so loaded its demo (demo-days.ts). */
    demoLoadedOn: () => started(portal).demoLoadedOn,
    /** Where this portal writes the mail it sends (see waitForMail). */
    mailDir: () => started(portal).mailDir,
  };
}

export async function login(
  page: Page,
  logname: string,
  password = `${logname}-demo-pass`,
  at: (path: string) => string = url,
): Promise<void> {
  await page.goto(at('/'));
  await page.getByLabel('Username').fill(logname);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByTestId('operator').waitFor();
}

/**
 * Chooses, in the select labelled `label` (the browser's own list), the first option whose text
 * matches `text`, once the options have arrived.
 */
export async function chooseOption(page: Page, label: string, text: string | RegExp): Promise<void> {
  const select = page.getByRole('combobox', { name: label, exact: true });
  const option = select.locator('option').filter({ hasText: text }).first();
  await select.selectOption((await option.getAttribute('value')) ?? '');
}

/** The text of the option chosen in the select labelled `label` ('' while none is). */
export async function chosenText(page: Page, label: string): Promise<string> {
  const select = page.getByRole('combobox', { name: label, exact: true });
  const value = await select.inputValue();
  if (value === '') return '';
  return (
    (await select
      .locator(`option[value=${JSON.stringify(value)}]`)
      .first()
      .textContent()) ?? ''
  );
}

/**
 * bob (signed in) pays $0.02 with a new Visa card, which the sandbox declines
 * (docs/integrations/payments.md), choosing the card status `cardStatus` (its radio's label), and
 * answers the form's question about paying a credit (nothing is due on bob's account).
 */
export async function payDeclinedAsBob(page: Page, cardStatus: string): Promise<void> {
  await page.goto(url('/make-payment'));
  await page.getByTestId('payment-status').getByText('Last invoice', { exact: true }).waitFor();
  await expect.poll(() => page.getByLabel('Address').inputValue(), { timeout: 15_000 }).toBe('48 Elm Avenue');
  await page.getByLabel('Amount ($)').fill('0.02');
  await page.getByLabel(cardStatus).check();
  await page.getByLabel('Card number').fill('4007000000027');
  await page.getByRole('combobox', { name: 'Card type' }).selectOption('Visa');
  await page.getByLabel('Expiration (MMYY)').fill('1130');
  await page.getByLabel('CVV').fill('321');
  await page.getByRole('button', { name: 'Make Payment' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Pay anyway' }).click();
}

/**
 * The browser tests share one portal: a test that changes a demo account's panel password puts
 * the demo password back (signed in as that account), so the files that run later can log in.
 */
export async function restoreDemoPassword(page: Page, logname: string, current: string): Promise<void> {
  await page.goto(url('/change-panel-password'));
  await page.getByLabel('Old Password').fill(current);
  await page.getByLabel(/^New Password/).fill(`${logname}-demo-pass`);
  await page.getByLabel('Confirm New Password').fill(`${logname}-demo-pass`);
  await page.getByRole('button', { name: 'Change Panel Password' }).click();
  await page.getByRole('dialog').getByText('Password Changed').waitFor();
}

/** Staff: make `logname` the current user through the top-bar search. */
export async function workOn(page: Page, search: string, logname = search): Promise<void> {
  await page.getByPlaceholder('Logname or UID').fill(search);
  await page.getByRole('button', { name: 'Find Account' }).click();
  await page.getByTestId('working-on').getByText(logname, { exact: true }).waitFor();
  // A popup note may open; close it.
  const close = page.getByRole('dialog').getByRole('button', { name: 'Close' }).first();
  if (await close.isVisible().catch(() => false)) await close.click();
}

/**
 * A platform authenticator in this page's browser, the DevTools protocol's virtual one (the real
 * WebAuthn ceremony, not a stub): keeps discoverable passkeys, verifies its user (a PIN, a
 * fingerprint) and is present at once. Like a customer who picks a passkey from the login name
 * field's suggestions, it also answers the login form's waiting autofill request (conditional
 * mediation) at once with a passkey of the portal it holds: a test of the button or of the
 * password step turns that request off first (`withoutPasskeyAutofill`).
 */
export async function addAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/**
 * This page's browser offers no passkeys in the login name field's autofill (from its next
 * navigation): the login form then makes no waiting request that `addAuthenticator`'s
 * authenticator would answer before the test's own step (docs/decisions/078-passkey-autofill-in-browser-tests.md).
 */
export async function withoutPasskeyAutofill(page: Page): Promise<void> {
  await page.addInitScript(() => {
    // Runs in the page; typed without the DOM library (bench/bundle.ts type-checks this file with the server).
    Object.defineProperty(Reflect.get(globalThis, 'PublicKeyCredential'), 'isConditionalMediationAvailable', {
      value: async () => false,
    });
  });
}

/**
 * The newest message of the shared portal's mail directory (the embedded mail transport) that
 * `match` accepts, decoded from quoted-printable; waits up to 15 s for it to be written.
 */
export async function waitForMail(
  match: (eml: string) => boolean,
  dir: string = inject('mailDir'),
): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    let files: string[] = [];
    try {
      files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
    } catch {}
    for (const f of files.sort().reverse()) {
      // Quoted-printable undone byte by byte, then read as UTF-8 ("Renovación" comes as =C3=B3).
      const bytes = readFileSync(join(dir, f), 'latin1')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
      const eml = Buffer.from(bytes, 'latin1').toString('utf8');
      if (match(eml)) return eml;
    }
    if (Date.now() > deadline) throw new Error('the message was not written to the mail directory');
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * What a phone-width screenshot is for, asserted: the page does not scroll sideways, and its heading
 * and primary action (a button or link, when the page has one) are shown within the screen's width.
 */
export async function expectFitsPhone(
  page: Page,
  o: { heading: string | RegExp; action?: string | RegExp },
): Promise<void> {
  // As strings: this file is also compiled with the server's tests, which have no DOM types.
  const width = Number(await page.evaluate('window.innerWidth'));
  const overflow = Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'));
  expect(overflow, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(0);
  const shown: Array<[string, Locator]> = [
    ['heading', page.getByRole('heading', { name: o.heading }).first()],
  ];
  if (o.action)
    shown.push([
      'primary action',
      page
        .getByRole('button', { name: o.action })
        .or(page.getByRole('link', { name: o.action }))
        .first(),
    ] as const);
  for (const [what, locator] of shown) {
    expect(await locator.isVisible(), `${page.url()}: ${what} shown`).toBe(true);
    const box = await locator.boundingBox();
    expect(box, `${page.url()}: ${what} has a box`).not.toBeNull();
    if (box) {
      expect(box.x, `${page.url()}: ${what} starts on screen`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${page.url()}: ${what} ends on screen`).toBeLessThanOrEqual(width + 0.5);
    }
  }
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync('screenshots', { recursive: true });
  await page.screenshot({ path: `screenshots/${name}.png`, fullPage: true });
}

/**
 * This page's browser asks for `acceptLanguage` from now on (the `Accept-Language` header and
 * `navigator.languages`), as a browser set to that language does (docs/languages.md).
 */
export async function askForLanguage(page: Page, acceptLanguage: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const userAgent = String(await page.evaluate('navigator.userAgent'));
  await cdp.send('Network.setUserAgentOverride', { userAgent, acceptLanguage });
}

/** Fills and sends the login form as it reads in Spanish (the page already shows Spanish). */
export async function spanishLogin(page: Page, logname: string, password = `${logname}-demo-pass`) {
  await page.getByLabel(loginTextEs.username).fill(logname);
  await page.getByLabel(loginTextEs.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: loginTextEs.login, exact: true }).click();
}

/** A browser asking for Spanish opens `home` (the portal's address) and signs in as `logname`, up to Home. */
export async function signInInSpanish(page: Page, home: string, logname: string): Promise<void> {
  await askForLanguage(page, 'es-US,es;q=0.9');
  await page.goto(home);
  await spanishLogin(page, logname);
  await page.getByRole('heading', { name: homeTextEs.welcome(logname) }).waitFor();
}

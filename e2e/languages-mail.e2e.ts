import { mailScreenTextEs, mailTextEs } from '@portal/contract/mail/messages.es';
import { toolsScreenTextEs, toolsTextEs } from '@portal/contract/tools/messages.es';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { seriousViolations } from './axe.ts';
import { expectFitsPhone, ownPortalAndBrowser, screenshot, signInInSpanish } from './browser.ts';

/**
 * The mail and tools screens in Spanish (docs/languages.md): a customer whose browser asks for
 * Spanish adds an alias reading Spanish all the way, and sees the other mail screens and the tools
 * in Spanish, at 1280 px and on a 390 px phone, light and dark. One sign-in for the file.
 */

vi.setConfig({ testTimeout: 300_000 });

// A portal of its own: the test adds an alias and gives the account its language.
const { lookingPage, url } = ownPortalAndBrowser();

const m = mailScreenTextEs;
const tools = toolsTextEs;

/** Each screen: its path, its Spanish heading, a Spanish text it shows and its primary action. */
const screens: Array<{ name: string; path: string; heading: string; shows: string; action?: string }> = [
  {
    name: 'email-aliases',
    path: '/email-aliases',
    heading: m.aliasesTitle,
    shows: m.colSource,
    action: m.addAnAlias,
  },
  {
    name: 'temp-email',
    path: '/temp-email',
    heading: m.tempTitle,
    shows: m.yourTempAliases,
    action: m.addNewAlias,
  },
  {
    name: 'temp-email-faq',
    path: '/temp-email-faq',
    heading: m.faqTitle,
    shows: m.faqWhatQ,
    action: m.backToTemp,
  },
  {
    name: 'recovery-contacts',
    path: '/recovery-contacts',
    heading: m.recoveryTitle,
    shows: m.recoveryIntro,
    action: m.addEmail,
  },
  { name: 'mailing-lists', path: '/mailing-lists', heading: m.mailingListsTitle, shows: m.colListType },
  { name: 'disk-usage', path: '/disk-usage', heading: m.diskUsageTitle, shows: m.colPercentUsed },
  {
    name: 'send-auth-msg',
    path: '/send-auth-msg',
    heading: m.sendAuthTitle,
    shows: m.whyNeeded,
    action: m.sendMessage,
  },
  {
    name: 'subscribe-portal',
    path: '/subscribe-portal',
    heading: m.subscribeTitle,
    shows: m.subscribeNote,
    action: m.subscribe,
  },
  {
    name: 'auto-responder',
    path: '/auto-responder',
    heading: m.autoResponderTitle,
    shows: m.vacationMessage,
    action: m.requestAutoResponder,
  },
  { name: 'md5', path: '/md5', heading: tools.hashTitle, shows: tools.hashHint },
  {
    name: 'base64',
    path: '/bas64',
    heading: tools.base64Title,
    shows: toolsScreenTextEs.answerEmpty,
    action: toolsScreenTextEs.encode,
  },
  {
    name: 'unix-time',
    path: '/unix-time',
    heading: tools.unixTitle,
    shows: tools.hintDay,
    action: tools.offsetButton,
  },
  {
    name: 'generate-passwords',
    path: '/generate-passwords',
    heading: tools.genTitle,
    shows: tools.reminder,
    action: tools.wordBased,
  },
  {
    name: 'pwned',
    path: '/pwned',
    heading: tools.pwnedTitle,
    shows: toolsScreenTextEs.pwnedWhatQ,
    action: tools.checkPassword,
  },
  {
    name: 'faq-test',
    path: '/faq-test',
    heading: tools.faqTitle,
    shows: toolsScreenTextEs.faqAccessQ,
    action: tools.back,
  },
  {
    name: 'api-reference',
    path: '/api-reference',
    heading: toolsScreenTextEs.apiTitle,
    shows: toolsScreenTextEs.searchCalls,
  },
];

async function show(page: Page, path: string, heading: string, shows: string) {
  await page.goto(url(path));
  await page.getByRole('heading', { name: heading }).first().waitFor();
  await page.getByText(shows, { exact: false }).first().waitFor();
  // The data a screen loads, before it is measured or pictured.
  await page.waitForLoadState('networkidle');
}

describe('a Spanish-speaking customer on the mail and tools screens', () => {
  it('adds an alias reading Spanish all the way, and sees every mail and tools screen in Spanish, on a phone too', async () => {
    const { page, look } = await lookingPage();
    page.setDefaultTimeout(60_000);
    await signInInSpanish(page, url('/'), 'alice');

    // The alias list of the account's first domain, then Add an Alias, in Spanish.
    await page.goto(url('/email-aliases'));
    await page.getByRole('heading', { name: m.aliasesTitle }).waitFor();
    await page.waitForURL(/\/email-aliases\/[^/]+$/);
    const domain = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    await page.getByRole('columnheader', { name: m.colDestList }).waitFor();
    await page.getByRole('link', { name: m.addAnAlias }).click();
    await page.getByRole('heading', { name: m.addAliasTitle }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel(m.aliasName).fill('h4-es');
    await page.getByLabel(m.targetsLabel).fill('uno@example.org\ndos@example.org');
    await screenshot(page, 'languages-mail-create-alias-es-1280');
    await page.getByRole('button', { name: m.addAlias }).click();
    const address = `h4-es@${domain}`;
    await page.getByText(mailTextEs.added(address)).waitFor();
    await page.waitForURL(new RegExp(`/email-aliases/${domain.replace(/\./g, '\\.')}$`));
    const row = page.getByRole('row', { name: /h4-es/ });
    await row.getByText(m.moreTargets('uno@example.org', 1)).waitFor();
    await row.getByRole('link', { name: m.editAlias('h4-es') }).waitFor();
    await screenshot(page, 'languages-mail-aliases-added-es-1280');
    // The page's text is Spanish: none of the screen's English words is left.
    const body = await page.locator('main').innerText();
    for (const english of [/Add an Alias/, /Dest List/, /\bSource\b/, /\bEdit\b/, /\bDelete\b/, /catch-all/])
      expect(body, `English ${english} on the alias list`).not.toMatch(english);

    // Every screen at 1280 px, light: Spanish heading and text.
    for (const s of screens) await show(page, s.path, s.heading, s.shows);
    await screenshot(page, 'languages-mail-api-reference-es-1280');
    expect(await seriousViolations(page)).toEqual([]);

    // On a phone, light and dark: nothing cut off.
    for (const dark of [false, true]) {
      await look({ width: 390, height: 844, dark });
      for (const s of screens) {
        await show(page, s.path, s.heading, s.shows);
        await expectFitsPhone(page, { heading: s.heading, ...(s.action ? { action: s.action } : {}) });
        if (!dark || ['email-aliases', 'temp-email', 'generate-passwords'].includes(s.name))
          await screenshot(page, `languages-mail-${s.name}-es-390-${dark ? 'dark' : 'light'}`);
      }
    }

    // 1280 px dark: the alias list and a tool.
    await look({ width: 1280, height: 860, dark: true });
    await show(page, `/email-aliases/${domain}`, m.aliasesTitle, m.colSource);
    await screenshot(page, 'languages-mail-aliases-es-1280-dark');
    await show(page, '/pwned', tools.pwnedTitle, toolsScreenTextEs.pwnedWhatQ);
    await screenshot(page, 'languages-mail-pwned-es-1280-dark');
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
    await page.context().close();
  });
});

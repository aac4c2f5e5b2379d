import { mailText } from '@portal/contract/mail/messages';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { baseUrl, launch, newPage, waitForMail } from './browser.ts';

// The machine is shared by several test runs: give each step room.
vi.setConfig({ testTimeout: 240_000 });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function api(path: string, body: unknown, token?: string): Promise<{ data: Record<string, string> }> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  expect(res.status, path).toBe(200);
  return res.json();
}

describe('a confirmation link (docs/decisions/035-links-confirm-by-post.md)', () => {
  it('opens a page that changes nothing until its button is pressed', async () => {
    const email = `bob.link.${Date.now()}@example.org`;
    const signIn = await api('/api/miglogin', { username: 'bob', password: 'bob-demo-pass' });
    await api('/api/subscribe-portal', { logname: 'bob', email }, signIn.data.id_token);
    const eml = await waitForMail((m) => m.includes(`To: ${email}`));
    const link = /https?:\/\/\S+\/api\/subscribe-portal\/confirm\/[A-Za-z0-9_-]+/.exec(eml)?.[0] ?? '';
    expect(link).not.toBe('');

    const page = await newPage(browser);
    page.setDefaultTimeout(60_000);
    // Opened twice, as a mail scanner and then the person would: the link is still good.
    await page.goto(link);
    await page.goto(link);
    await page.getByRole('heading', { name: mailText.confirmSubscriptionTitle }).waitFor();
    await page.getByText(mailText.confirmSubscriptionAsk(email)).waitFor();
    await page.getByRole('button', { name: mailText.confirmButton }).click();
    await page.getByRole('heading', { name: mailText.subscribedTitle }).waitFor();
    await page.getByText(mailText.subscriptionConfirmed(email)).waitFor();
    // Spent: opening it again says so.
    await page.goto(link);
    await page.getByText(mailText.confirmLinkInvalid).waitFor();
    await page.context().close();
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { launch, login, newPage, screenshot } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** Uncaught errors of the page, collected by newPage(). */
const pageErrors = (page: Page) => (page as Page & { errors: string[] }).errors;
/** The shell's own nodes (banner, the sidebar) are judged by the shell's tests. */
const SHELL_NODE = /^(p\[data-testid="banner"\]|p\[role="status"\]|#mantine-\w+-control-.*)$/;

describe('API reference (/api-reference)', () => {
  it('opens from the Resources menu and shows each call with who may call it, under the CSP', async () => {
    const page = await newPage(browser);
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
    });
    await login(page, 'alice');
    await page.getByRole('button', { name: 'Resources' }).click();
    await page.getByRole('menuitem', { name: 'API Reference' }).click();
    await page.getByRole('heading', { name: 'API Reference' }).waitFor();
    await page.getByText(/^\d+ calls$/).waitFor();
    await page.getByLabel('Search calls').fill('single-payment');
    await page.getByRole('button', { name: /POST \/api\/single-payment/ }).click();
    await page.getByText(/never a Secondary account/).waitFor();
    await page.getByText('An Idempotency-Key header makes a retry safe.', { exact: false }).waitFor();
    const link = page.getByRole('link', { name: /openapi\.json/ });
    expect(await link.getAttribute('href')).toBe('/api/openapi.json');
    const violations = (await seriousViolations(page)).flatMap((v) => {
      const m = /^(.*) \((.*)\)$/.exec(v);
      if (!m) return [v];
      const nodes = (m[2] ?? '').split(', ').filter((n) => !SHELL_NODE.test(n));
      return nodes.length ? [`${m[1]} (${nodes.join(', ')})`] : [];
    });
    expect(violations).toEqual([]);
    await screenshot(page, 'api-reference');
    expect(refused).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});

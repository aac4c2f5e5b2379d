// bench/bundle: gzip size of everything the browser loads to show a screen: the login screen, then
// Home, the domain list, Make Payment and Websites signed in; then the login screen and Home in
// Spanish (a browser asking for Spanish, docs/languages.md); and their brotli size as the build
// writes it (apps/web/vite.config.ts precompress) and as the server would compress them on the fly.
// Prints figures; asserts nothing. Builds the web app first.
import { execFileSync } from 'node:child_process';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Response } from 'playwright-core';
import { askForLanguage, launch, spanishLogin } from '../e2e/browser.ts';
import { startPortal } from '../e2e/portal.ts';

execFileSync('bash', ['scripts/build-web.sh'], { stdio: 'inherit' });
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
/** Brotli size at a quality: 11 as the build's copies (vite.config.ts precompress), 4 as @fastify/compress. */
const brotli = (body: Buffer, quality: number) =>
  brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } }).length;
const portal = await startPortal();
const browser = await launch();
try {
  const measure = async (path: string, loginFirst: boolean, phone = false, spanish = false) => {
    // A phone's viewport: the signed-in sidebar starts closed there, and its code is not loaded.
    const context = await browser.newContext(phone ? { viewport: { width: 390, height: 844 } } : {});
    const page = await context.newPage();
    if (spanish) await askForLanguage(page, 'es-US,es;q=0.9');
    // In Spanish, bob: his first sign-in from a Spanish browser makes Spanish his account's language.
    if (loginFirst && spanish) {
      await page.goto(`${portal.baseUrl}/portal/`);
      await spanishLogin(page, 'bob');
      await page.getByTestId('operator').waitFor();
    } else if (loginFirst) {
      await page.goto(`${portal.baseUrl}/portal/`);
      await page.getByLabel('Username').fill('alice');
      await page.getByLabel('Password', { exact: true }).fill('alice-demo-pass');
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByTestId('operator').waitFor();
    }
    const sizes = { js: 0, css: 0, br11: 0, br4: 0, files: 0, list: [] as string[] };
    // Each answer counted before the page is closed (its body is gone after).
    const counted: Promise<void>[] = [];
    const count = async (res: Response) => {
      const type = res.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      const body = await res.body().catch(() => Buffer.alloc(0));
      const gz = gzipSync(body, { level: 9 }).length;
      sizes.br11 += brotli(body, 11);
      sizes.br4 += brotli(body, 4);
      if (type === 'script') sizes.js += gz;
      else sizes.css += gz;
      sizes.files++;
      sizes.list.push(`${new URL(res.url()).pathname.split('/').pop()} ${kb(gz)}`);
    };
    page.on('response', (res) => counted.push(count(res)));
    await page.goto(`${portal.baseUrl}/portal${path}`, { waitUntil: 'networkidle' });
    await Promise.all(counted);
    await context.close();
    return sizes;
  };
  // BUNDLE_FILES=1 lists each screen's files with their gzip sizes under its line.
  const line = (s: Awaited<ReturnType<typeof measure>>) =>
    `JS ${kb(s.js)} + CSS ${kb(s.css)} gzip = ${kb(s.js + s.css)} in ${s.files} files; ` +
    `brotli ${kb(s.br11)} as built, ${kb(s.br4)} on the fly` +
    (process.env.BUNDLE_FILES ? `\n  ${s.list.sort().join('\n  ')}` : '');
  console.log(`login screen: ${line(await measure('/', false))} (goal ≤ 170 KB)`);
  for (const path of ['/', '/domain-list', '/make-payment', '/websites']) {
    const s = await measure(path, true);
    console.log(`${path === '/' ? 'home' : path}: ${line(s)} (a reload of a signed-in screen)`);
  }
  // Account Info: a screen with a Mantine Table (apps/web/vite.config.ts, scrollAreaOwnRefs).
  for (const path of ['/', '/domain-list', '/make-payment', '/account-info']) {
    const s = await measure(path, true, true);
    console.log(`${path === '/' ? 'home' : path} at 390 px: ${line(s)} (a reload on a phone)`);
  }
  console.log(`login screen in Spanish: ${line(await measure('/', false, false, true))}`);
  for (const path of ['/', '/make-payment']) {
    const s = await measure(path, true, false, true);
    console.log(`${path === '/' ? 'home' : path} in Spanish: ${line(s)} (a reload of a signed-in screen)`);
  }
} finally {
  await browser.close();
  await portal.stop();
}

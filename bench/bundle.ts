// bench/bundle: gzip size of everything the browser loads to show a screen (login first).
// Prints figures; asserts nothing. Builds the web app first.
import { execFileSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { launch } from '../e2e/browser.ts';
import { startPortal } from '../e2e/portal.ts';

execFileSync('bash', ['scripts/build-web.sh'], { stdio: 'inherit' });
const portal = await startPortal();
const browser = await launch();
try {
  const measure = async (path: string, loginFirst: boolean) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    if (loginFirst) {
      await page.goto(`${portal.baseUrl}/portal/`);
      await page.getByLabel('Username').fill('alice');
      await page.getByLabel('Password', { exact: true }).fill('alice-demo-pass');
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByTestId('operator').waitFor();
    }
    const sizes = { js: 0, css: 0, files: 0 };
    page.on('response', async (res) => {
      const type = res.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      const body = await res.body().catch(() => Buffer.alloc(0));
      const gz = gzipSync(body, { level: 9 }).length;
      if (type === 'script') sizes.js += gz;
      else sizes.css += gz;
      sizes.files++;
    });
    await page.goto(`${portal.baseUrl}/portal${path}`, { waitUntil: 'networkidle' });
    await context.close();
    return sizes;
  };
  const first = await measure('/', false);
  const total = (first.js + first.css) / 1024;
  console.log(
    `login screen: JS ${(first.js / 1024).toFixed(1)} KB + CSS ${(first.css / 1024).toFixed(1)} KB gzip = ${total.toFixed(1)} KB in ${first.files} files (goal ≤ 170 KB)`,
  );
  for (const path of ['/domain-list', '/make-payment', '/websites']) {
    const s = await measure(path, true);
    console.log(
      `${path}: JS ${(s.js / 1024).toFixed(1)} KB + CSS ${(s.css / 1024).toFixed(1)} KB gzip (a reload of a signed-in screen)`,
    );
  }
} finally {
  await browser.close();
  await portal.stop();
}

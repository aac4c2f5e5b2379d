/**
 * How the tests start Debian's chromium (headless, no outside network; the machine notes in the
 * README): the browser tests (e2e/browser.ts), the production-layout test and the Lighthouse run
 * (bench/lighthouse/run.ts) share these.
 */
/** The browser's executable: $CHROMIUM_PATH, else Debian's. */
export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

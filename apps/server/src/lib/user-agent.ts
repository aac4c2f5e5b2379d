import Bowser from 'bowser';

/**
 * A user agent in words a customer recognises, "Firefox 128 on Linux": the browser's name and major
 * version and the system (bowser's tables, kept up to date upstream, not a home-made parser). The
 * session list and the sign-in list show it so the owner can tell their own browsers from others.
 */
export function describeDevice(userAgent: string): string {
  if (!userAgent.trim()) return '';
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split('.')[0];
  const browser = [parsed.browser.name, major].filter(Boolean).join(' ');
  const system = [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ');
  if (browser && system) return `${browser} on ${system}`;
  return browser || system || 'Unknown browser';
}

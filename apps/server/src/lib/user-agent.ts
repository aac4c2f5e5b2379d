import { inLanguage } from '@portal/contract/i18n/catalogue';
import type { TextLanguage } from '@portal/contract/i18n/languages';
import { securityText } from '@portal/contract/security/messages';
import Bowser from 'bowser';

/**
 * A user agent in words a customer recognises, "Firefox 128 on Linux" ("Firefox 128 en Linux" in
 * Spanish): the browser's name and major version and the system (bowser's tables, kept up to date
 * upstream, not a home-made parser), joined in `language`. The session list and the sign-in list
 * show it so the owner can tell their own browsers from others; an empty user agent is ''.
 */
export function describeDevice(userAgent: string, language: TextLanguage): string {
  if (!userAgent.trim()) return '';
  const text = inLanguage(securityText, language);
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split('.')[0];
  const browser = [parsed.browser.name, major].filter(Boolean).join(' ');
  const system = [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ');
  if (browser && system) return text.deviceOn(browser, system);
  return browser || system || text.unknownBrowser;
}

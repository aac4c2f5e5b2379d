import * as C from '@portal/contract/hosting/calls';
import { hostingText } from '@portal/contract/hosting/messages';

/**
 * Screen rules of the hosting area, kept free of the app shell (session, HTTP
 * client) so they are unit-tested on their own.
 */

/** SSL codes: 0 No, 1 SSL-only, otherwise Yes (in `text`, the page's language's hostingText). */
export const sslText = (ssl: number, text = hostingText) =>
  ssl === 0 ? text.sslNo : ssl === 1 ? text.sslOnly : text.sslYes;

/**
 * The warning for a chosen PHP version: the current one (no change), Disabled, or a downgrade — a
 * lower sort than the current version's. Nothing is a downgrade from Disabled or from a version the
 * list does not know.
 */
export function warningFor(
  current: string,
  chosen: string | null,
  sorts: Map<string, number>,
  text = hostingText,
): string | null {
  if (!chosen) return null;
  if (chosen === current) return text.samePhp;
  if (chosen === C.PHP_DISABLED) return text.disablePhp;
  const from = sorts.get(current);
  const to = sorts.get(chosen);
  if (from !== undefined && to !== undefined && current !== C.PHP_DISABLED && to < from)
    return text.downgradePhp;
  return null;
}

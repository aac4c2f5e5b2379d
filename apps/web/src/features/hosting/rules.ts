import * as C from '@portal/contract/hosting/calls';
import { hostingText } from '@portal/contract/hosting/messages';

/**
 * Screen rules of the hosting area, kept free of the app shell (session, HTTP
 * client) so they are unit-tested on their own.
 */

/** SSL codes: 0 No, 1 SSL-only, otherwise Yes. */
export const sslText = (ssl: number) => (ssl === 0 ? 'No' : ssl === 1 ? 'SSL-only' : 'Yes');

/**
 * The warning for a chosen PHP version: the current one (no change), Disabled, or a downgrade — a
 * lower sort than the current version's. Nothing is a downgrade from Disabled or from a version the
 * list does not know.
 */
export function warningFor(
  current: string,
  chosen: string | null,
  sorts: Map<string, number>,
): string | null {
  if (!chosen) return null;
  if (chosen === current) return hostingText.samePhp;
  if (chosen === C.PHP_DISABLED) return hostingText.disablePhp;
  const from = sorts.get(current);
  const to = sorts.get(chosen);
  if (from !== undefined && to !== undefined && current !== C.PHP_DISABLED && to < from)
    return hostingText.downgradePhp;
  return null;
}

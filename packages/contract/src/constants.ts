/** Business constants of the specification. */
export const PAGE = {
  domains: { size: 10, choices: [5, 10, 25, 50] },
  aliases: { size: 10, choices: [5, 10, 25, 50] },
  websites: { size: 10, choices: [5, 10, 25, 50] },
  devsites: { size: 10, choices: [5, 10, 25, 50] },
  databases: { size: 10, choices: [10, 25, 50] },
  invoices: { size: 12, choices: [6, 12, 18] },
  mailingLists: { size: 10, choices: [5, 10, 25, 50] },
  logs: { size: 25, choices: [25, 50, 75, 100] },
} as const;

/** Column filter delay of list screens (ms). */
export const FILTER_DELAY_MS = 400;
export const RESET_TOKEN_MINUTES = 30;
export const NETWORK_LEVEL = { warning: 2, emergency: 3 } as const;
export const CARD_TYPES = ['Visa', 'M/C', 'Discover', 'AmExp'] as const;

/**
 * The brand of a card number from its first digits, as one of the spec's card types (the values
 * sent as `cardtype`); null for a brand the portal does not take or too few digits to tell. The
 * pay and card forms fill the card type from it; the server checks a typed-in number with it.
 */
export function cardBrandOf(number: string): (typeof CARD_TYPES)[number] | null {
  const n = number.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(n)) return null;
  if (/^3[47]/.test(n)) return 'AmExp';
  if (n.startsWith('4')) return 'Visa';
  const two = Number(n.slice(0, 2));
  const four = Number(n.slice(0, 4));
  if ((two >= 51 && two <= 55) || (n.length >= 4 && four >= 2221 && four <= 2720)) return 'M/C';
  if (n.startsWith('6011') || n.startsWith('65')) return 'Discover';
  const three = Number(n.slice(0, 3));
  if (n.length >= 3 && three >= 644 && three <= 649) return 'Discover';
  const six = Number(n.slice(0, 6));
  if (n.length >= 6 && six >= 622126 && six <= 622925) return 'Discover';
  return null;
}
export const STATUS_DATE_FORMAT = 'MMM D, YYYY h:mm:ss A';
export type Mode = 'light' | 'dark';
/**
 * The stored display preference: an explicit light or dark, or 'system' — follow the
 * device's dark setting (prefers-color-scheme) until the user picks one. The spec's `mode` fields
 * keep their light/dark shape; `color_mode` carries this beside them.
 */
export type ColorMode = Mode | 'system';
export type TokenRole = 'admin' | 'staff' | 'customer';
export const isStaffRole = (role: string | undefined): boolean => role === 'admin' || role === 'staff';

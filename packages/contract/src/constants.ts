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
export const STATUS_DATE_FORMAT = 'MMM D, YYYY h:mm:ss A';
export type Mode = 'light' | 'dark';
/**
 * The stored display preference (issue 21): an explicit light or dark, or 'system' — follow the
 * device's dark setting (prefers-color-scheme) until the user picks one. The spec's `mode` fields
 * keep their light/dark shape; `color_mode` carries this beside them.
 */
export type ColorMode = Mode | 'system';
export type TokenRole = 'admin' | 'staff' | 'customer';
export const isStaffRole = (role: string | undefined): boolean => role === 'admin' || role === 'staff';

import { mailScreenText, mailText } from '@portal/contract/mail/messages';

/** Sizes in KB as the spec shows them: KB up to 1024, MB above, GB from 1048576; one decimal. */
export function formatKb(kb: number): string {
  if (kb >= 1_048_576) return `${(kb / 1_048_576).toFixed(1)} GB`;
  if (kb > 1024) return `${(kb / 1024).toFixed(1)} MB`;
  return `${kb.toFixed(1)} KB`;
}

/** Percent used as a whole number; no quota gives no percentage. */
export function percentUsed(usage: number, quota: number): string {
  if (quota <= 0) return '—';
  return `${Math.round((usage / quota) * 100)}%`;
}

/** MM is Mailman, MJ is Majordomo, anything else Unknown-{value}. */
export function listTypeName(
  type: string,
  unknown: (value: string) => string = mailText.unknownListType,
): string {
  if (type === 'MM') return 'Mailman';
  if (type === 'MJ') return 'Majordomo';
  return unknown(type);
}

/** The Mailman admin page of a list on the provider's list-admin host. */
export function listAdminUrl(host: string, listname: string): string {
  const base = /^https?:\/\//.test(host) ? host.replace(/\/+$/, '') : `https://${host}`;
  return `${base}/mailman/admin/${encodeURIComponent(listname)}`;
}

/** The Dest List cell: the first target and how many more there are. */
export function destSummary(
  list: string[],
  more: (first: string, more: number) => string = mailScreenText.moreTargets,
): string {
  const [first, ...rest] = list;
  if (first === undefined) return '';
  return rest.length === 0 ? first : more(first, rest.length);
}

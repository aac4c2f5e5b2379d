import { domainText } from '@portal/contract/domains/messages';
import { inLanguage } from '@portal/contract/i18n/catalogue';
import { routePath } from '@portal/contract/routes';
import { expiringByHand } from './repository.ts';
import type { NoticeSource } from '../../lib/notice-source.ts';

/** Domains are told on Home this many days before they expire. */
export const DOMAIN_NOTICE_DAYS = 30;

const DAY_MS = 86_400_000;
const iso = (at: number) => new Date(at).toISOString().slice(0, 10);

/**
 * The domains' source of Home's notices (docs/decisions/107-home-notices.md): a domain expiring
 * within DOMAIN_NOTICE_DAYS that is not on auto-renew, and not one the customer chose to let expire.
 */
export const domainNotices: NoticeSource = async (db, account, now, language = 'en') => {
  const text = inLanguage(domainText, language);
  const rows = await expiringByHand(
    db,
    account,
    iso(now.getTime()),
    iso(now.getTime() + DOMAIN_NOTICE_DAYS * DAY_MS),
  );
  return rows.map(({ domain, expires }) => ({
    kind: 'domains.expiring' as const,
    text: text.expiringNotice(domain, expires),
    action: { label: text.renewActionLabel(domain), to: routePath('domain-renewal', { domain }) },
  }));
};

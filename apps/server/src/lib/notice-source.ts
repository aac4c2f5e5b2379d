import type { TextLanguage } from '@portal/contract/i18n/languages';
import type { Notice } from '@portal/contract/notices/calls';
import type { Db } from '../db/index.ts';

/**
 * One source of Home's notices (docs/decisions/107-home-notices.md): what needs the account's owner
 * now, read with the owner's name, written in `language` (the caller's: staff read a customer's
 * notices in their own; English when none is given). Each lives in its own area; the account
 * area's NOTICE_SOURCES lists them.
 */
export type NoticeSource = (db: Db, account: string, now: Date, language?: TextLanguage) => Promise<Notice[]>;

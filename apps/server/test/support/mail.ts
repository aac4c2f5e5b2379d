import { and, desc, eq, gt, type SQL } from 'drizzle-orm';
import { outbox } from '../../src/db/schema.ts';
import type { TestApp } from './helper.ts';

/** An outbox message as a test reads it: its row, with the body it was (or will be) sent with. */
export type Mail = typeof outbox.$inferSelect & { body: string };

/** A test app (build()), or what a test that builds its own app has of one. */
export type MailReader = Pick<TestApp, 'db' | 'app' | 'sent'>;

export interface MailFilter {
  to?: string;
  kind?: string;
  account?: string;
  subject?: string;
  /** Only messages queued after this outbox id. */
  after?: number;
}

/**
 * The one way tests read mail: the outbox keeps no body in clear (docs/decisions/045-secrets-at-rest.md),
 * so a queued message's body is unsealed with the app's secret box and a sent one's is the body the
 * test transport delivered. Newest first. A message whose body is neither is an error, not ''.
 */
export async function mailsTo(t: MailReader, filter: MailFilter = {}): Promise<Mail[]> {
  const where: SQL[] = [];
  if (filter.to !== undefined) where.push(eq(outbox.toAddr, filter.to));
  if (filter.kind !== undefined) where.push(eq(outbox.kind, filter.kind));
  if (filter.account !== undefined) where.push(eq(outbox.account, filter.account));
  if (filter.subject !== undefined) where.push(eq(outbox.subject, filter.subject));
  if (filter.after !== undefined) where.push(gt(outbox.id, filter.after));
  const rows = await t.db
    .select()
    .from(outbox)
    .where(and(...where))
    .orderBy(desc(outbox.id));
  return rows.map((row) => {
    const body = t.app.deps.outbox.bodyOf(row) ?? t.sent.find((s) => s.id === row.id)?.body;
    if (body === undefined)
      throw new Error(`outbox #${row.id}: its body is neither queued nor delivered here`);
    return { ...row, body };
  });
}

/** The newest message matching `filter`; an error when there is none. */
export async function lastMail(t: MailReader, filter: MailFilter = {}): Promise<Mail> {
  const [mail] = await mailsTo(t, filter);
  if (!mail) throw new Error(`no mail matching ${JSON.stringify(filter)}`);
  return mail;
}

/** A moment as the Spanish mails write it (through Intl, so a test does not depend on the ICU's spacing). */
export const esMoment = (at: Date | string) =>
  new Intl.DateTimeFormat('es-US', { dateStyle: 'long', timeStyle: 'long', timeZone: 'UTC' }).format(
    new Date(at),
  );

/** The closing line of every account notice (lib/account-notice.ts), written out as the mail has it. */
export const NOTICE_CLOSING = {
  es: 'Si usted no hizo este cambio, inicie sesión y cambie su contraseña de inmediato, y llame al servicio de asistencia.',
  en: 'If you did not make this change, sign in and change your password at once, and call the help desk.',
} as const;

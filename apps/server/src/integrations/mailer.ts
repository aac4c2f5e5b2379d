import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { z } from 'zod';
import type { Db } from '../db/index.ts';
import { outbox } from '../db/schema.ts';
import { errorText } from '../lib/error-text.ts';
import { defineJob, enqueue, type JobRunner } from '../lib/jobs.ts';

/**
 * Every message the portal sends goes through the outbox: written in the caller's transaction,
 * then delivered by a job (SMTP with retry and back-off), so a failed delivery is never lost
 * and a rolled-back change sends nothing.
 */
export interface MailMessage {
  kind: string;
  to: string;
  subject: string;
  body: string;
  account?: string | null;
  replyTo?: string | null;
  from?: string;
}

/** Delivers one outbox row. */
export const deliverJob = defineJob('outbox.deliver', z.object({ id: z.number().int() }));

export interface Transport {
  readonly name: 'smtp' | 'file';
  deliver(
    id: number,
    msg: Required<Pick<MailMessage, 'to' | 'subject' | 'body' | 'from'>> & { replyTo?: string | null },
  ): Promise<string>;
}

export class Outbox {
  private readonly from: string;
  readonly transport: Transport;
  /** Told of every delivery attempt: the message's kind and whether it went out (http/metrics.ts). */
  observe: ((kind: string, delivered: boolean) => void) | undefined;
  constructor(from: string, transport: Transport) {
    this.from = from;
    this.transport = transport;
  }

  /** Queues a message; call it with the transaction of the change that causes it. */
  async send(db: Db, msg: MailMessage): Promise<number> {
    const [row] = await db
      .insert(outbox)
      .values({
        kind: msg.kind,
        account: msg.account ?? null,
        fromAddr: msg.from ?? this.from,
        toAddr: msg.to,
        replyTo: msg.replyTo ?? null,
        subject: msg.subject,
        body: msg.body,
      })
      .returning({ id: outbox.id });
    await enqueue(db, deliverJob, { id: row.id }, { maxAttempts: 20 });
    return row.id;
  }

  /**
   * Delivery commits its own steps (commits: 'own'): SMTP can take minutes to answer, too long to
   * hold a transaction (on PGlite, the whole database). It is idempotent: a message already
   * 'sent'/'stored' is skipped, and one delivered but not yet recorded when its worker died goes
   * out again with the same Message-ID (and the same .eml file name), so a receiver can drop it.
   */
  register(jobs: JobRunner): void {
    jobs.register(deliverJob, { commits: 'own' }, async ({ id }, { db, attempt }) => {
      const [msg] = await db.select().from(outbox).where(eq(outbox.id, id)).limit(1);
      if (!msg || msg.status === 'sent' || msg.status === 'stored') return;
      try {
        const messageId = await this.transport.deliver(id, {
          to: msg.toAddr,
          from: msg.fromAddr,
          subject: msg.subject,
          body: msg.body,
          replyTo: msg.replyTo,
        });
        await db
          .update(outbox)
          .set({
            status: this.transport.name === 'smtp' ? 'sent' : 'stored',
            sentAt: new Date(),
            messageId,
            attempts: attempt,
            lastError: null,
          })
          .where(eq(outbox.id, id));
      } catch (err) {
        this.observe?.(msg.kind, false);
        await db
          .update(outbox)
          .set({ attempts: attempt, lastError: errorText(err) })
          .where(eq(outbox.id, id));
        throw err;
      }
      this.observe?.(msg.kind, true);
    });
  }
}

/**
 * A stable Message-ID per outbox row, so a receiver can drop a duplicate after a crash mid-delivery.
 * Its domain is the portal's own — the domain it sends from (MAIL_FROM) — not the SMTP relay's: the
 * relay is an address on the provider's network, and a Message-ID naming it says nothing true of
 * who made the message (and may be `127.0.0.1`).
 */
const messageIdFor = (id: number, domain: string) => `<outbox-${id}@${domain}>`;

/** The domain of the portal's Message-IDs: MAIL_FROM's. */
export const messageIdDomain = (mailFrom: string) =>
  mailFrom.slice(mailFrom.lastIndexOf('@') + 1).toLowerCase();

export function smtpTransport(url: string, domain = 'portal.invalid'): Transport {
  const transporter: Transporter = nodemailer.createTransport(url);
  const host = domain;
  return {
    name: 'smtp',
    async deliver(id, msg) {
      const messageId = messageIdFor(id, host);
      await transporter.sendMail({
        from: msg.from,
        to: msg.to,
        replyTo: msg.replyTo ?? undefined,
        subject: msg.subject,
        text: msg.body,
        messageId,
      });
      return messageId;
    },
  };
}

/** The embedded default: messages stay in the outbox and are written as .eml files. */
export function fileTransport(dir: string, domain = 'portal.invalid'): Transport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    name: 'file',
    async deliver(id, msg) {
      const messageId = messageIdFor(id, domain);
      const info = await builder.sendMail({
        from: msg.from,
        to: msg.to,
        replyTo: msg.replyTo ?? undefined,
        subject: msg.subject,
        text: msg.body,
        messageId,
      });
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, `${String(id).padStart(8, '0')}.eml`), info.message as Buffer);
      return messageId;
    },
  };
}

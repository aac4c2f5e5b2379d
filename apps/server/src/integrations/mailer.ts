import { must } from '@portal/contract/must';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import { z } from 'zod';
import type { SecretBox } from '../auth/secret-box.ts';
import type { Db } from '../db/index.ts';
import { type MailAttachmentRef, outbox } from '../db/schema.ts';
import { errorText } from '../lib/error-text.ts';
import { defineJob, enqueueEach, type JobContext, type JobRunner } from '../lib/jobs.ts';

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
  /** Documents to attach, by reference: made when the message is delivered (Outbox.attach). */
  attachments?: MailAttachmentRef[];
  /** Extra header lines, name → value (List-Unsubscribe and List-Unsubscribe-Post of lib/notify.ts). */
  headers?: Record<string, string>;
}

/** A document attached to a delivered message. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

/** Makes the documents an outbox row names, at delivery (the billing area's papers). */
export type AttachmentMaker = (db: Db, refs: readonly MailAttachmentRef[]) => Promise<MailAttachment[]>;

/** nodemailer's attachments of a message, or none. */
const mailAttachments = (list: readonly MailAttachment[] | undefined) =>
  list?.length
    ? list.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content) }))
    : undefined;

/**
 * Delivers one outbox row whose body is sealed. A kind of its own, which the release before
 * sealed bodies does not register: its worker never claims such a row, so never sends the sealed
 * text as the message (docs/decisions/045-secrets-at-rest.md).
 */
export const deliverJob = defineJob('outbox.deliver-sealed', z.object({ id: z.number().int() }));
/** The kind the release before queued its plain-text rows with; still delivered by this release. */
export const legacyDeliverJob = defineJob('outbox.deliver', z.object({ id: z.number().int() }));

/** Why a sealed body does not open: the portal's secret is not the one it was sealed under. */
export const UNREADABLE_BODY =
  'the sealed body does not open with this portal secret (PORTAL_JWT_SECRET or DATA_DIR/jwt-secret changed since the message was queued); restore the old secret to send it';

/** What a sealed body is bound to: moved to another address, kind or subject, it no longer opens. */
const sealedFor = (m: { kind: string; toAddr: string; subject: string }) =>
  `outbox\n${m.kind}\n${m.toAddr}\n${m.subject}`;

export interface Transport {
  readonly name: 'smtp' | 'file';
  deliver(
    id: number,
    msg: Required<Pick<MailMessage, 'to' | 'subject' | 'body' | 'from'>> & {
      replyTo?: string | null;
      attachments?: MailAttachment[];
      headers?: Record<string, string> | null;
    },
  ): Promise<string>;
}

export class Outbox {
  private readonly from: string;
  readonly transport: Transport;
  private readonly box: SecretBox;
  /** Told of every delivery attempt: the message's kind and whether it went out (http/metrics.ts). */
  observe: ((kind: string, delivered: boolean) => void) | undefined;
  /** Makes the attachments a row names; set by the area that owns them (billing's workers.ts). */
  attach: AttachmentMaker | undefined;
  constructor(from: string, transport: Transport, box: SecretBox) {
    this.from = from;
    this.transport = transport;
    this.box = box;
  }

  /**
   * A keyed hash of what makes two messages the same (kind, address, subject, body): the outbox
   * keeps no body once sent, and a stolen database cannot test guesses of one against it.
   */
  fingerprint(msg: Pick<MailMessage, 'kind' | 'to' | 'subject' | 'body'>): string {
    return this.box.mac('outbox:', `${msg.kind}\n${msg.to}\n${msg.subject}\n${msg.body}`);
  }

  /**
   * A queued message's body, or null when it is no longer kept (sent) or does not open (the
   * portal's secret changed). For the tests' mail reader and the delivery job only.
   */
  bodyOf(row: typeof outbox.$inferSelect): string | null {
    if (row.sealedBody === null) return row.body === '' ? null : row.body;
    return this.box.open(row.sealedBody, sealedFor(row));
  }

  /**
   * Queues a message; call it with the transaction of the change that causes it. The body (reset
   * and confirmation links, temporary passwords) is kept sealed, never in clear.
   */
  async send(db: Db, msg: MailMessage): Promise<number> {
    const [id] = await this.sendEach(db, [msg]);
    return must(id, 'the outbox row just written');
  }

  /** Queues several messages as `send` does, in two statements whatever their number. */
  async sendEach(db: Db, msgs: MailMessage[]): Promise<number[]> {
    if (msgs.length === 0) return [];
    const rows = await db
      .insert(outbox)
      .values(
        msgs.map((msg) => {
          const kept = { kind: msg.kind, toAddr: msg.to, subject: msg.subject };
          return {
            ...kept,
            account: msg.account ?? null,
            fromAddr: msg.from ?? this.from,
            replyTo: msg.replyTo ?? null,
            headers: msg.headers ?? null,
            body: '',
            sealedBody: this.box.seal(msg.body, sealedFor(kept)),
            bodyMac: this.fingerprint(msg),
            attachments: msg.attachments?.length ? msg.attachments : null,
          };
        }),
      )
      .returning({ id: outbox.id });
    const ids = rows.map((r) => r.id);
    await enqueueEach(
      db,
      deliverJob,
      ids.map((id) => ({ id })),
      { maxAttempts: 20 },
    );
    return ids;
  }

  /**
   * Delivery commits its own steps (commits: 'own'): SMTP can take minutes to answer, too long to
   * hold a transaction (on PGlite, the whole database). It is idempotent: a message already
   * 'sent'/'stored' is skipped, and one delivered but not yet recorded when its worker died goes
   * out again with the same Message-ID (and the same .eml file name), so a receiver can drop it.
   * Once sent, the body is dropped (sealed or, in a row of the release before, plain). A body that
   * does not open fails the attempt with UNREADABLE_BODY and is retried like an SMTP outage: the
   * old secret, put back, sends it.
   */
  register(jobs: JobRunner): void {
    const deliver = async ({ id }: { id: number }, { db, attempt }: JobContext) => {
      const [msg] = await db.select().from(outbox).where(eq(outbox.id, id)).limit(1);
      if (!msg || msg.status === 'sent' || msg.status === 'stored') return;
      try {
        const body = this.bodyOf(msg);
        if (body === null) throw new Error(UNREADABLE_BODY);
        let attachments: MailAttachment[] | undefined;
        if (msg.attachments?.length) {
          if (!this.attach) throw new Error('no maker of attachments is registered in this process');
          attachments = await this.attach(db, msg.attachments);
        }
        const messageId = await this.transport.deliver(id, {
          to: msg.toAddr,
          from: msg.fromAddr,
          subject: msg.subject,
          body,
          replyTo: msg.replyTo,
          attachments,
          headers: msg.headers,
        });
        await db
          .update(outbox)
          .set({
            status: this.transport.name === 'smtp' ? 'sent' : 'stored',
            sentAt: new Date(),
            messageId,
            attempts: attempt,
            lastError: null,
            body: '',
            sealedBody: null,
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
    };
    jobs.register(deliverJob, { commits: 'own' }, deliver);
    jobs.register(legacyDeliverJob, { commits: 'own' }, deliver);
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

/**
 * nodemailer (a large bundle) is loaded with the first message, not at every start
 * (docs/performance.md, "Start-up under a second").
 */
let nodemailerModule: Promise<typeof import('nodemailer')> | undefined;
const loadNodemailer = () => {
  nodemailerModule ??= import('nodemailer');
  return nodemailerModule;
};

export function smtpTransport(url: string, domain = 'portal.invalid'): Transport {
  let transporter: Promise<Transporter> | undefined;
  const host = domain;
  return {
    name: 'smtp',
    async deliver(id, msg) {
      const messageId = messageIdFor(id, host);
      transporter ??= loadNodemailer().then((m) => m.default.createTransport(url));
      await (await transporter).sendMail({
        from: msg.from,
        to: msg.to,
        replyTo: msg.replyTo ?? undefined,
        subject: msg.subject,
        text: msg.body,
        messageId,
        attachments: mailAttachments(msg.attachments),
        headers: msg.headers ?? undefined,
      });
      return messageId;
    },
  };
}

/**
 * The embedded default: each message is written as an .eml file (0600, in a 0700 directory) to the
 * mail directory, a mailbox the developer reads — outside the data directory
 * (docs/decisions/045-secrets-at-rest.md).
 */
export function fileTransport(dir: string, domain = 'portal.invalid'): Transport {
  let builder: Promise<Transporter> | undefined;
  return {
    name: 'file',
    async deliver(id, msg) {
      const messageId = messageIdFor(id, domain);
      builder ??= loadNodemailer().then((m) =>
        m.default.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
      );
      const info = await (await builder).sendMail({
        from: msg.from,
        to: msg.to,
        replyTo: msg.replyTo ?? undefined,
        subject: msg.subject,
        text: msg.body,
        messageId,
        attachments: mailAttachments(msg.attachments),
        headers: msg.headers ?? undefined,
      });
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const file = join(dir, `${String(id).padStart(8, '0')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      await chmod(file, 0o600); // an existing file (a redelivery) keeps its mode otherwise
      return messageId;
    },
  };
}

import { randomBytes, randomInt } from 'node:crypto';
import * as C from '@portal/contract/mail-app-passwords/calls';
import { mailAppPasswordText } from '@portal/contract/mail-app-passwords/messages';
import { inLanguage } from '@portal/contract/i18n/catalogue';
import { accountNoticeText } from '@portal/contract/notifications/mails';
import { isStaffRole } from '@portal/contract/constants';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { secondFactorMethods } from '../../auth/mfa.ts';
import { hashMailPassword } from '../../auth/passwords.ts';
import { missing } from '../../auth/policy.ts';
import type { Db } from '../../db/index.ts';
import { Answer, route } from '../../http/route.ts';
import { mailAccountNotice } from '../../lib/account-notice.ts';
import { conflict, refused } from '../../lib/errors.ts';
import { defineJob, enqueue } from '../../lib/jobs.ts';
import { MAIL_PASSWORD_DELAY_MS } from './passwords.ts';
import { textsFor } from '../../http/language.ts';
import {
  applyPendingMailAppPasswordsOnly,
  insertMailAppPassword,
  type ListedMailAppPassword,
  liveMailAppPasswordNamesOf,
  liveMailAppPasswordsOf,
  lockAccount,
  lockDueMailAppPasswordSettings,
  lockMailAppPasswordOf,
  mailAppPasswordSettingsOf,
  revokeLiveMailAppPasswords,
  revokeMailAppPassword,
  savePendingMailAppPasswordsOnly,
} from './repository.ts';

/**
 * App passwords for mail (docs/mail-servers-passwords.md, docs/decisions/051-mail-app-passwords.md).
 * The account itself makes them (with its password, in a signed-in session), lists and revokes
 * them; staff neither see nor make them. Dovecot reads the live ones from the view
 * mail_app_passwords_live; a revoked one has no row there from the moment of the revocation.
 */

/** Applies an asked-for "require app passwords" change once the propagation delay is over. */
export const applyMailAppPasswordsOnlyJob = defineJob(
  'account.apply-mail-app-passwords-only',
  z.object({ owner: z.string() }),
);

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** Four groups of four letters from the CSPRNG (75 bits); the first group is the row's lookup. */
export function generateAppPassword(): string {
  const groups: string[] = [];
  for (let g = 0; g < 4; g++) {
    let group = '';
    for (let i = 0; i < 4; i++) group += LETTERS[randomInt(LETTERS.length)];
    groups.push(group);
  }
  return groups.join('-');
}

const toApi = (row: ListedMailAppPassword): C.MailAppPassword => ({
  id: row.id,
  name: row.name,
  scope: C.MailAppPasswordScope.parse(row.scope),
  created: row.createdAt.toISOString(),
  last_used: row.lastUsedAt?.toISOString() ?? null,
});

/** The requirement as the API shows it. */
async function requirementOf(db: Db, owner: string): Promise<C.MailAppPasswordRequirement> {
  const row = await mailAppPasswordSettingsOf(db, owner);
  const canRequire = (await secondFactorMethods(db, owner)).length > 0;
  return {
    required: row?.appPasswordsOnly ?? false,
    pending:
      row && row.pending !== null && row.applyAt
        ? { required: row.pending, apply_at: row.applyAt.toISOString() }
        : null,
    can_require: canRequire,
  };
}

/**
 * Revokes every live app password of the account (a reset by mail: features/account/resets.ts);
 * answers how many.
 */
export async function revokeMailAppPasswords(db: Db, owner: string, by: string, now: Date): Promise<number> {
  return revokeLiveMailAppPasswords(db, owner, by, now);
}

/** Applies the owner's pending requirement change when its time has come (the job); else nothing. */
export async function applyMailAppPasswordsOnly(db: Db, owner: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockDueMailAppPasswordSettings(tx, owner, now);
    if (!row || row.pending === null) return;
    await applyPendingMailAppPasswordsOnly(tx, owner, row.pending, now);
  });
}

/** A lasting grant (docs/decisions/051-mail-app-passwords.md): the current password, in a session, limited. */
const LASTING_GRANT = { session: 'interactive', grant: true, limit: 'grant' } as const;

export function mailAppPasswordRoutes(app: FastifyInstance): void {
  const { deps } = app;

  route(app, C.createMailAppPassword, {
    // The account itself only: staff do not make (or see) credentials for a customer's mailbox.
    access: { account: ({ body }) => body.logname, scope: 'own' },
    ...LASTING_GRANT,
    handler: async ({ db, account, body, auditDetails, req }) => {
      const owner = account.logname;
      if (isStaffRole(account.role)) throw refused(mailAppPasswordText.staffAccount);
      const now = deps.now();
      // Serialise makings of one account so the limit, the names and the lookups hold under concurrency.
      await lockAccount(db, owner);
      const rows = await liveMailAppPasswordNamesOf(db, owner);
      if (rows.length >= C.MAX_MAIL_APP_PASSWORDS)
        throw refused(textsFor(req, mailAppPasswordText).tooMany(C.MAX_MAIL_APP_PASSWORDS));
      if (rows.some((r) => r.name === body.name))
        throw conflict(textsFor(req, mailAppPasswordText).nameTaken(body.name));
      // The lookup (first group) is unique among the owner's live app passwords: Dovecot's query
      // finds one row by it.
      const taken = new Set(rows.map((r) => r.lookup));
      let secret = generateAppPassword();
      while (taken.has(secret.slice(0, 4))) secret = generateAppPassword();
      const row = await insertMailAppPassword(db, {
        id: randomBytes(8).toString('hex'),
        owner,
        name: body.name,
        scope: body.scope,
        lookup: secret.slice(0, 4),
        hash: await hashMailPassword(secret),
        createdAt: now,
      });
      // On the account's record (route() writes it): which app password, never the secret.
      Object.assign(auditDetails, { app_password: { id: row.id, name: row.name }, scope: row.scope });
      await mailAccountNotice(deps.outbox, db, {
        account: owner,
        kind: 'notice.mail-app-password-created',
        write: (language) => {
          const text = inLanguage(accountNoticeText, language);
          return {
            subject: text.appPasswordCreatedSubject(owner),
            lines: [
              text.appPasswordCreated(body.name, text.appPasswordScopes[body.scope], owner),
              text.appPasswordUntil,
              `${deps.config.publicUrl}/portal/mail-app-passwords`,
            ],
          };
        },
      });
      return new Answer({ ...toApi(row), app_password: secret }, mailAppPasswordText.created);
    },
  });

  route(app, C.listMailAppPasswords, {
    session: 'interactive',
    access: { account: ({ params }) => params.logname, scope: 'own' },
    handler: async ({ db, account }) => {
      // "Last used" is what the mail servers report (Dovecot's last_login plugin writes mail_logins,
      // in unix seconds; docs/mail-servers-passwords.md); none reported shows as never.
      const rows = await liveMailAppPasswordsOf(db, account.logname);
      const app_passwords = rows.map(({ reported, ...row }) =>
        toApi({ ...row, lastUsedAt: reported === null ? row.lastUsedAt : new Date(reported * 1000) }),
      );
      return { app_passwords, requirement: await requirementOf(db, account.logname) };
    },
  });

  route(app, C.revokeMailAppPassword, {
    session: 'interactive',
    access: { account: ({ body }) => body.logname, scope: 'own' },
    handler: async ({ db, account, body, caller, auditDetails }) => {
      const owner = account.logname;
      // Looked up with its owner: another account's id is refused like one that does not exist.
      const row = await lockMailAppPasswordOf(db, owner, body.id);
      if (!row) throw missing(caller, mailAppPasswordText.notFound);
      if (!row.revokedAt) {
        await revokeMailAppPassword(db, row.id, deps.now(), caller?.username ?? owner);
        Object.assign(auditDetails, { app_password: { id: row.id, name: row.name } });
      }
      return new Answer({ id: row.id }, mailAppPasswordText.revoked);
    },
  });

  route(app, C.requireMailAppPasswords, {
    // Turning it off lets the main password back in: a lasting grant like making an app password.
    access: { account: ({ body }) => body.logname, scope: 'own' },
    ...LASTING_GRANT,
    handler: async ({ db, account, body, auditDetails }) => {
      const owner = account.logname;
      const now = deps.now();
      await lockAccount(db, owner);
      const before = await requirementOf(db, owner);
      if (body.required && !before.can_require) throw refused(mailAppPasswordText.secondFactorNeeded);
      const target = before.pending ? before.pending.required : before.required;
      if (target === body.required) return new Answer(before, mailAppPasswordText.requireUnchanged);
      const applyAt = new Date(now.getTime() + MAIL_PASSWORD_DELAY_MS);
      // Back to the value in force: the pending change is withdrawn, nothing waits.
      const pending = body.required === before.required ? null : body.required;
      await savePendingMailAppPasswordsOnly(db, owner, {
        pending,
        applyAt: pending === null ? null : applyAt,
        changedAt: now,
      });
      if (pending !== null) await enqueue(db, applyMailAppPasswordsOnlyJob, { owner }, { runAt: applyAt });
      Object.assign(auditDetails, { required: body.required });
      await mailAccountNotice(deps.outbox, db, {
        account: owner,
        kind: 'notice.mail-app-passwords-required',
        write: (language) => {
          const text = inLanguage(accountNoticeText, language);
          const words = inLanguage(mailAppPasswordText, language);
          return body.required
            ? { subject: text.appPasswordsRequiredSubject(owner), lines: [`${words.requireOn}.`] }
            : { subject: text.appPasswordsNotRequiredSubject(owner), lines: [`${words.requireOff}.`] };
        },
      });
      return new Answer(
        await requirementOf(db, owner),
        body.required ? mailAppPasswordText.requireOn : mailAppPasswordText.requireOff,
      );
    },
  });
}

/** The job that applies a requirement change after its delay. */
export function registerMailAppPasswordWorkers(app: FastifyInstance): void {
  const { jobs, now } = app.deps;
  jobs.register(applyMailAppPasswordsOnlyJob, async ({ owner }, { db }) => {
    await applyMailAppPasswordsOnly(db, owner, now());
  });
}

import * as C from '@portal/contract/account/calls';
import { accountScreenText, accountText } from '@portal/contract/account/messages';
import { inLanguage } from '@portal/contract/i18n/catalogue';
import { customerMailText } from '@portal/contract/notifications/mails';
import { messageFooter } from '@portal/contract/messages';
import type { FastifyInstance } from 'fastify';
import { findAccount } from '../../auth/policy.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { Answer, route } from '../../http/route.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { textsFor } from '../../http/language.ts';
import { languageOf } from '../../lib/notify.ts';
import { domainsWithoutHostingOf } from '../domains/repository.ts';
import {
  existingLognames,
  lockAccount,
  lognamesOfPendingRequests,
  markSecondaryRequestDone,
  pendingSecondaryRequests,
  queuedWithin,
  type SecondaryRequestRow,
  saveSecondaryRequest,
  secondaryRequestExists,
} from './repository.ts';

type RequestBody = C.SecondaryRequestBody & { lognames: string[] };
type NameCheck = { id: number; logname: string; status: 'available' | 'taken' | 'invalid' | 'duplicate' };
type Row = { logname: string; first_name: string; last_name: string; alias: string; type: string };

/** A new account name: a letter, then letters, digits, '.', '_' or '-'; at most 12 characters. */
const NEW_NAME = /^[a-z][a-z0-9._-]{0,11}$/;
/** Names of system and role mailboxes, never given to a customer. */
const RESERVED = new Set([
  'abuse',
  'admin',
  'administrator',
  'billing',
  'daemon',
  'ftp',
  'help',
  'helpdesk',
  'hostmaster',
  'info',
  'mail',
  'mailer-daemon',
  'news',
  'nobody',
  'noc',
  'noreply',
  'operator',
  'portal',
  'postmaster',
  'root',
  'sales',
  'security',
  'staff',
  'support',
  'sysadmin',
  'uucp',
  'webmaster',
  'www',
]);

/** The mailboxes a message may be sent to, by their symbolic names. */
export function recipientAddress(config: Config, to: C.MessageRecipient): string {
  return {
    helpdesk: config.HELPDESK_EMAIL,
    noc: config.NOC_EMAIL,
    accounting: config.ACCOUNTING_EMAIL,
    hostmaster: config.HOSTMASTER_EMAIL,
  }[to];
}

/** Secondary-account requests, web-hosting domains and the authenticated message. */
export function requestRoutes(app: FastifyInstance): void {
  const { deps } = app;

  route(app, C.checkAccountNames, {
    access: { account: ({ body }) => body.account, scope: 'primary' },
    transaction: false,
    audit: false,
    handler: async ({ db, body }) => {
      const list = await checkNames(db, body.lognames);
      return { available: list.every((n) => n.status === 'available'), list };
    },
  });

  route(app, C.requestAccounts, {
    access: { account: ({ body }) => body.account, scope: 'primary' },
    limit: 'request',
    handler: async ({ db, body, account, caller, req }) => {
      const list = await checkNames(db, body.lognames);
      const refused = list.filter((n) => n.status !== 'available');
      // Checked again here: a name may have been taken since the screen's check-account-names.
      if (refused.length)
        throw conflict(textsFor(req, accountText).namesRefused(refused.map((n) => n.logname)), 'names_taken');
      const rows = toRows(body);
      const id = await saveSecondaryRequest(db, {
        owner: account.logname,
        email: body.email,
        rows,
        operator: caller.username,
        createdAt: deps.now(),
      });
      await deps.outbox.send(db, {
        kind: 'secondary.request',
        account: account.logname,
        to: deps.config.HELPDESK_EMAIL,
        replyTo: body.email,
        subject: `Secondary account request #${id} for ${account.logname}`,
        body: [
          `Account ${account.logname} (uid ${account.uid}) asks for ${rows.length} secondary account(s):`,
          '',
          ...rows.map((r) => describeRow(r)),
          '',
          `Notify when ready: ${body.email}`,
          'Mark the request done in the portal once the accounts exist; the customer is then mailed.',
          '',
          '-- ',
          messageFooter(caller.username, account.logname),
        ].join('\n'),
      });
      return new Answer({ id, status: 'pending', list }, accountText.newAccountsPending);
    },
  });

  route(app, C.listSecondaryRequests, {
    access: 'staff',
    handler: async ({ db }) => {
      const rows = await pendingSecondaryRequests(db);
      return rows.map(toRequest);
    },
  });

  route(app, C.markSecondaryRequestDone, {
    access: 'staff',
    handler: async (ctx) => {
      const { db, body, caller } = ctx;
      const done = await markSecondaryRequestDone(db, body.id, deps.now());
      if (!done) {
        const exists = await secondaryRequestExists(db, body.id);
        throw exists ? conflict(accountText.requestAlreadyDone) : notFound(accountText.requestNotFound);
      }
      // The audit entry names the customer account the request belongs to.
      ctx.account = await findAccount(db, done.owner);
      // Not mailCustomer: the answer goes to the address the request named for it
      // (docs/decisions/106-customer-mail-routing.md).
      // In the account's language; the staff's footer stays English (docs/languages.md).
      const language = await languageOf(db, done.owner);
      const text = inLanguage(customerMailText, language);
      const screen = inLanguage(accountScreenText, language);
      const typeName = (type: string) =>
        type === 'Full' ? screen.typeFull : type === 'Email' ? screen.typeEmail : type;
      await deps.outbox.send(db, {
        kind: 'secondary.ready',
        account: done.owner,
        to: done.email,
        replyTo: deps.config.HELPDESK_EMAIL,
        subject: text.accountsReadySubject,
        body: [
          text.accountsReadyBody(
            done.owner,
            done.rows.map((r) => describeRow(r as Row, typeName)),
          ),
          '',
          '-- ',
          messageFooter(caller.username, done.owner),
        ].join('\n'),
      });
      return toRequest(done);
    },
  });

  route(app, C.emptyDomains, {
    access: { account: ({ params }) => params.account },
    handler: async ({ db, account }) => domainsWithoutHostingOf(db, account.logname),
  });

  /**
   * The authenticated message: the recipient is one of the configured mailboxes named by
   * send_to, and the footer is written here from the token, never taken from the client.
   */
  route(app, C.sendMessage, {
    access: { account: ({ body }) => body.send_from },
    limit: 'message',
    handler: async ({ db, body, account, caller }) => {
      const footer = messageFooter(caller.username, account.logname);
      const message = {
        kind: `message.${body.send_to}`,
        account: account.logname,
        to: recipientAddress(deps.config, body.send_to),
        replyTo: body.reply_to || account.billEmail || null,
        subject: body.subject,
        // The footer ends the message (issue text); the account line sits above it.
        body: [body.message, '', '-- ', `Account: ${account.logname} (uid ${account.uid})`, footer].join(
          '\n',
        ),
      };
      if (!(await sentRecently(db, message, deps.outbox.fingerprint(message))))
        await deps.outbox.send(db, message);
      return new Answer({ send_to: body.send_to, footer }, accountText.messageSent);
    },
  });
}

/**
 * A repeated identical message (a retried POST, a second tab, a resubmitted registration) is
 * queued once: the same account, recipient, subject and body within this window is the same
 * request (docs/areas/account.md "Messages").
 */
export const REPEAT_WINDOW_MINUTES = 10;

type QueuedMessage = { kind: string; account: string; to: string; subject: string; body: string };

/**
 * True when this message is already in the outbox from the last REPEAT_WINDOW_MINUTES. The
 * account row is locked first so concurrent identical requests are judged one after the other
 * (the second sees the first's committed row). Compared on the database clock, which also
 * stamps outbox.created_at.
 */
async function sentRecently(db: Db, m: QueuedMessage, fingerprint: string): Promise<boolean> {
  await lockAccount(db, m.account, 'no key update');
  return queuedWithin(db, m, fingerprint, REPEAT_WINDOW_MINUTES);
}

function toRows(body: RequestBody): Row[] {
  const rows: Row[] = [];
  body.lognames.forEach((name, i) => {
    if (!name) return;
    rows.push({
      logname: name,
      first_name: body.first_names[i] ?? '',
      last_name: body.last_names[i] ?? '',
      alias: body.aliases[i] ?? '',
      type: (body.types[i] as string | undefined) || 'Email',
    });
  });
  return rows;
}

/** One requested account, a line of a table: its type named by `typeName` (the customer's language). */
function describeRow(r: Row, typeName: (type: string) => string = (type) => type): string {
  const name = [r.first_name, r.last_name].filter(Boolean).join(' ');
  const width = Math.max(5, typeName('Email').length, typeName('Full').length);
  return `  ${r.logname.padEnd(12)}  ${typeName(r.type).padEnd(width)}  ${name || '-'}${r.alias ? `  alias: ${r.alias}` : ''}`;
}

/** Each named row's status; names taken by an account or by a pending request are not available. */
async function checkNames(db: Db, lognames: string[]): Promise<NameCheck[]> {
  const named = lognames.map((logname, id) => ({ id, logname })).filter((n) => n.logname !== '');
  const valid = named.filter((n) => NEW_NAME.test(n.logname)).map((n) => n.logname);
  const taken = new Set<string>();
  if (valid.length) {
    for (const logname of await existingLognames(db, valid)) taken.add(logname);
    for (const logname of await lognamesOfPendingRequests(db)) taken.add(logname);
  }
  const seen = new Set<string>();
  return named.map(({ id, logname }) => {
    let status: NameCheck['status'] = 'available';
    if (!NEW_NAME.test(logname)) status = 'invalid';
    else if (taken.has(logname) || RESERVED.has(logname)) status = 'taken';
    else if (seen.has(logname)) status = 'duplicate';
    seen.add(logname);
    return { id, logname, status };
  });
}

function toRequest(r: SecondaryRequestRow): C.SecondaryRequest {
  return {
    id: r.id,
    account: r.owner,
    email: r.email,
    rows: r.rows.map((x) => ({
      logname: x.logname ?? '',
      first_name: x.first_name ?? '',
      last_name: x.last_name ?? '',
      alias: x.alias ?? '',
      type: x.type ?? '',
    })),
    status: r.status,
    operator: r.operator,
    created: r.createdAt.toISOString(),
    done_at: r.doneAt ? r.doneAt.toISOString() : null,
  };
}

import { passkeyText } from '@portal/contract/security/passkey-messages';
import { inLanguage } from '@portal/contract/i18n/catalogue';
import type { Language } from '@portal/contract/i18n/languages';
import { accountNoticeText } from '@portal/contract/notifications/mails';
import * as P from '@portal/contract/security/passkeys';
import type { FastifyInstance } from 'fastify';
import {
  passkeyAssertionOptions,
  knownTransports,
  passkeyOwner,
  registrationOptions,
  relyingParty,
  verifyPasskeyAssertion,
  verifyPasskeyRegistration,
} from '../../auth/passkeys.ts';
import { readDevice, signInChecks, unknownAccountChecks } from '../../auth/sign-in-limits.ts';
import type { Db } from '../../db/index.ts';
import type { passkeys } from '../../db/schema.ts';
import { Answer, route } from '../../http/route.ts';
import { AppError, conflict, forbidden, refused } from '../../lib/errors.ts';
import { mailCustomer } from '../../lib/notify.ts';
import { admitSignIn, signedIn } from '../session/sign-in.ts';
import { textsFor } from '../../http/language.ts';
import { accountRecordOf } from '../account/repository.ts';
import { addPasskey, passkeyCountOf, passkeysOf, removePasskey, renamePasskey } from './repository.ts';

/**
 * Passkeys: an account's own passkeys — staff may list them, never make or change them
 * (scope `own`) — and the sign-in with a passkey alone (docs/api.md, docs/decisions/076-passkeys.md).
 */
export function passkeyRoutes(app: FastifyInstance): void {
  const { deps } = app;
  const rp = relyingParty(deps.config);
  const own = (logname: (i: { body: { logname: string } }) => string) => ({
    account: logname,
    scope: 'own' as const,
  });

  route(app, P.passkeyRegisterOptions, {
    // A credential: a personal access token may not make or change one.
    session: 'interactive',
    access: own(({ body }) => body.logname),
    // Hands out a challenge and changes nothing the customer sees.
    audit: false,
    limit: 'passkey',
    handler: async ({ db, account }) => registrationOptions(db, rp, account.logname, deps.now()),
  });

  route(app, P.passkeyRegister, {
    access: own(({ body }) => body.logname),
    // The challenge is taken in a statement of its own: a failed answer uses it up too.
    transaction: false,
    grant: true,
    limit: 'grant',
    handler: async ({ db, account, body, auditDetails, req }) => {
      const owner = account.logname;
      const now = deps.now();
      const made = await verifyPasskeyRegistration(db, rp, owner, body.response, now);
      return db.transaction(async (t) => {
        const tx: Db = t;
        if ((await passkeyCountOf(tx, owner)) >= P.MAX_PASSKEYS)
          throw refused(textsFor(req, passkeyText).limit(P.MAX_PASSKEYS));
        // Credential ids are unique: one authenticator's passkey belongs to one account.
        const row = await addPasskey(tx, { owner, ...made, name: body.name, createdAt: now });
        if (!row) throw conflict(passkeyText.duplicate);
        // route() writes the change to the account's record; it names the passkey.
        Object.assign(auditDetails, { id: row.id, name: row.name });
        await mailOwner(app, tx, owner, (language) => {
          const text = inLanguage(accountNoticeText, language);
          return {
            subject: inLanguage(passkeyText, language).addedSubject,
            lines: [text.passkeyAdded(row.name, owner, now), text.passkeyAddedThen],
          };
        });
        return new Answer(toPasskey(row), passkeyText.added);
      });
    },
  });

  route(app, P.passkeys, {
    // Sign-ins and credentials are managed in a signed-in session: a personal access token is refused.
    session: 'interactive',
    // Staff may see which passkeys a customer has (helping them), never change them.
    access: { account: ({ params }) => params.logname, scope: 'self' },
    handler: async ({ db, account }) => {
      const rows = await passkeysOf(db, account.logname);
      return { passkeys: rows.map(toPasskey) };
    },
  });

  route(app, P.renamePasskey, {
    // A credential: a personal access token may not make or change one.
    session: 'interactive',
    access: own(({ body }) => body.logname),
    handler: async ({ db, account, body, auditDetails }) => {
      const owner = account.logname;
      const row = await renamePasskey(db, owner, body.id, body.name);
      if (!row) throw forbidden();
      Object.assign(auditDetails, { id: row.id, name: row.name });
      return new Answer(toPasskey(row), passkeyText.renamed);
    },
  });

  route(app, P.deletePasskey, {
    access: own(({ body }) => body.logname),
    grant: true,
    limit: 'grant',
    handler: async ({ db, account, body, auditDetails }) => {
      const owner = account.logname;
      const row = await removePasskey(db, owner, body.id);
      if (!row) throw forbidden();
      Object.assign(auditDetails, { id: row.id, name: row.name });
      const at = deps.now();
      await mailOwner(app, db, owner, (language) => {
        const text = inLanguage(accountNoticeText, language);
        return {
          subject: inLanguage(passkeyText, language).removedSubject,
          lines: [text.passkeyRemoved(row.name, owner, at), text.passkeyRemovedThen],
        };
      });
      return new Answer({ id: row.id }, passkeyText.removed);
    },
  });

  route(app, P.passkeyLoginOptions, {
    access: 'public',
    limit: 'passkey',
    audit: false,
    handler: async ({ db }) => passkeyAssertionOptions(db, rp, { now: deps.now() }),
  });

  route(app, P.passkeyLogin, {
    access: 'public',
    // As /api/miglogin: the limits' counts and the used challenge stay when the proof fails.
    transaction: false,
    audit: false,
    handler: async ({ body, req, reply, db }) => {
      const now = deps.now();
      const device = await readDevice(deps.devices, req);
      // A known passkey's attempt counts against its account like a password's; an unknown one
      // against this client and the portal-wide budget.
      const budget = deps.config.SIGNIN_FAILURE_BUDGET;
      const owner = await passkeyOwner(db, body.response.id);
      const checks = owner
        ? signInChecks(owner, req.ip, device, budget)
        : unknownAccountChecks(req.ip, budget);
      await admitSignIn(db, checks, now, reply);
      const verified = await verifyPasskeyAssertion(db, rp, body.response, { now, log: req.log });
      const user = await accountRecordOf(db, verified.account);
      if (!user) throw new AppError('bad_credentials', passkeyText.notAccepted);
      return signedIn(app, user, { db, req, reply, checks, device, method: 'passkey' });
    },
  });
}

function toPasskey(row: typeof passkeys.$inferSelect): P.Passkey {
  return {
    id: row.id,
    name: row.name,
    created: row.createdAt.toISOString(),
    last_used: row.lastUsed ? row.lastUsed.toISOString() : null,
    device_type: row.deviceType === 'multiDevice' ? 'multiDevice' : 'singleDevice',
    backed_up: row.backedUp,
    transports: knownTransports(row.transports),
  };
}

/**
 * Tells the account's owner, in the change's transaction (the outbox): a security notice
 * (lib/notify.ts `mailCustomer`), so it goes to the bill address and every confirmed recovery
 * address whatever the preferences say, and cannot be unsubscribed from.
 */
async function mailOwner(
  app: FastifyInstance,
  db: Db,
  owner: string,
  write: (language: Language) => { subject: string; lines: string[] },
) {
  const { deps } = app;
  await mailCustomer(deps.outbox, db, {
    account: owner,
    category: 'security',
    kind: 'security.passkey',
    write: (language) => {
      const { subject, lines } = write(language);
      const closing = inLanguage(accountNoticeText, language).passkeyClosing(deps.config.HELPDESK_EMAIL);
      return { subject, body: [...lines, '', closing, ''].join('\n') };
    },
  });
}

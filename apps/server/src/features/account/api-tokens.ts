import * as C from '@portal/contract/api-tokens/calls';
import { apiTokenText } from '@portal/contract/api-tokens/messages';
import { inLanguage } from '@portal/contract/i18n/catalogue';
import { accountNoticeText, customerMailText } from '@portal/contract/notifications/mails';
import { isStaffRole } from '@portal/contract/constants';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { newApiToken } from '../../auth/api-tokens.ts';
import { missing } from '../../auth/policy.ts';
import type { Db } from '../../db/index.ts';
import { Answer, route } from '../../http/route.ts';
import { textsFor } from '../../http/language.ts';
import { mailAccountNotice } from '../../lib/account-notice.ts';
import { conflict, invalid, refused } from '../../lib/errors.ts';
import { mailCustomer } from '../../lib/notify.ts';
import { defineJob } from '../../lib/jobs.ts';
import {
  hasLiveApiTokenNamed,
  insertApiToken,
  type ListedApiToken,
  liveApiTokenCountOf,
  lockAccount,
  lockApiTokenOf,
  lockApiTokensExpiringUntold,
  markApiTokenExpiryTold,
  revokeApiToken,
  unrevokedApiTokensOf,
} from './repository.ts';

/**
 * Personal access tokens (docs/decisions/079-api-tokens.md): an account makes its own
 * (with its password, in a signed-in session, never staff for it), lists them without their
 * secrets, and revokes them; staff may list and revoke a customer's (audited, as every staff change).
 */

const DAY_MS = 86_400_000;
/** A client's clock may run a little ahead of the server's: "a year from now" is accepted within it. */
const CLOCK_SKEW_MS = 5 * 60_000;

const toApi = (row: ListedApiToken): C.ApiToken => ({
  id: row.id,
  name: row.name,
  scope: row.scope === 'full' ? 'full' : 'read',
  created: row.createdAt.toISOString(),
  last_used: row.lastUsedAt?.toISOString() ?? null,
  expires: row.expiresAt.toISOString(),
});

/** The expiry asked for, refused when past or more than a year ahead. */
function expiryOf(expires: string, now: Date, texts: typeof apiTokenText): Date {
  const at = new Date(expires);
  if (at.getTime() <= now.getTime())
    throw invalid(apiTokenText.expiryPast, { expires: apiTokenText.expiryPast });
  if (at.getTime() > now.getTime() + C.API_TOKEN_MAX_DAYS * DAY_MS + CLOCK_SKEW_MS) {
    const text = texts.expiryTooFar(C.API_TOKEN_MAX_DAYS);
    throw invalid(text, { expires: text });
  }
  return at;
}

async function checkRoom(
  db: Db,
  owner: string,
  name: string,
  now: Date,
  texts: typeof apiTokenText,
): Promise<void> {
  // Serialise creations of one account so the limit and the names hold under concurrent requests.
  await lockAccount(db, owner);
  if ((await liveApiTokenCountOf(db, owner, now)) >= C.MAX_API_TOKENS)
    throw refused(texts.tooMany(C.MAX_API_TOKENS));
  if (await hasLiveApiTokenNamed(db, owner, name, now)) throw conflict(texts.nameTaken(name));
}

export function apiTokenRoutes(app: FastifyInstance): void {
  const { deps } = app;

  route(app, C.createApiToken, {
    // The account itself only: staff do not make credentials for a customer.
    access: { account: ({ body }) => body.logname, scope: 'own' },
    session: 'interactive',
    grant: true,
    limit: 'grant',
    handler: async ({ db, account, body, auditDetails, req }) => {
      const owner = account;
      const texts = textsFor(req, apiTokenText);
      // A token never carries staff power; rather than a staff account's token acting as a customer
      // on an account that has nothing of a customer's, staff accounts have none.
      if (isStaffRole(owner.role)) throw refused(apiTokenText.staffAccount);
      const now = deps.now();
      const expiresAt = expiryOf(body.expires, now, texts);
      await checkRoom(db, owner.logname, body.name, now, texts);
      const made = newApiToken();
      const row = await insertApiToken(db, {
        id: made.id,
        owner: owner.logname,
        name: body.name,
        scope: body.scope,
        tokenHash: made.hash,
        createdAt: now,
        expiresAt,
      });
      // On the account's record (route() writes it): which token, never its secret.
      Object.assign(auditDetails, {
        api_token: { id: row.id, name: row.name },
        scope: row.scope,
        expires: row.expiresAt.toISOString(),
      });
      await mailAccountNotice(deps.outbox, db, {
        account: owner.logname,
        kind: 'notice.api-token-created',
        write: (language) => {
          const text = inLanguage(accountNoticeText, language);
          return {
            subject: text.apiTokenCreatedSubject(owner.logname),
            lines: [
              text.apiTokenCreated(body.name, text.apiTokenAccess[body.scope], owner.logname),
              text.apiTokenUntil(expiresAt),
              `${deps.config.publicUrl}/portal/api-tokens`,
            ],
          };
        },
      });
      return new Answer({ ...toApi(row), token: made.token }, apiTokenText.created);
    },
  });

  route(app, C.listApiTokens, {
    // Sign-ins and credentials are managed in a signed-in session: a personal access token is refused.
    session: 'interactive',
    access: { account: ({ params }) => params.logname },
    handler: async ({ db, account }) => {
      const rows = await unrevokedApiTokensOf(db, account.logname);
      return { tokens: rows.map(toApi) };
    },
  });

  route(app, C.revokeApiToken, {
    // Sign-ins and credentials are managed in a signed-in session: a personal access token is refused.
    session: 'interactive',
    access: { account: ({ body }) => body.logname },
    handler: async ({ db, account, body, caller, auditDetails }) => {
      const owner = account.logname;
      // Looked up with its owner: another account's token id is refused like one that does not exist.
      const row = await lockApiTokenOf(db, owner, body.id);
      if (!row) throw missing(caller, 'Token not found');
      // Revoking twice is not an error: the token is revoked either way.
      if (!row.revokedAt) {
        await revokeApiToken(db, row.id, deps.now(), caller?.username ?? owner);
        Object.assign(auditDetails, { api_token: { id: row.id, name: row.name } });
      }
      return new Answer({ id: row.id }, apiTokenText.revoked);
    },
  });
}

export const apiTokenExpiryJob = defineJob('account.api-token-expiry', z.object({}));
const EXPIRY_EVERY_MS = 60 * 60_000;

/**
 * Once an hour: each live token that expires within seven days gets its owner one mail, once
 * (expiry_notice_at). A token made to live seven days or less gets none: its owner just chose that.
 */
export function registerApiTokenWorkers(app: FastifyInstance): void {
  const { jobs, now, outbox, config } = app.deps;
  jobs.register(apiTokenExpiryJob, async (_payload, { db }) => {
    const t = now();
    const within = new Date(t.getTime() + C.API_TOKEN_NOTICE_DAYS * DAY_MS);
    await db.transaction(async (raw) => {
      const tx: Db = raw;
      // In the job's transaction: the mail is queued exactly when the token is marked told.
      const due = await lockApiTokensExpiringUntold(tx, t, within);
      for (const token of due) {
        await markApiTokenExpiryTold(tx, token.id, t);
        const lifetime = token.expiresAt.getTime() - token.createdAt.getTime();
        if (!token.email || lifetime <= C.API_TOKEN_NOTICE_DAYS * DAY_MS) continue;
        // About who may act as the account: a security notice (not turned off, not moved).
        await mailCustomer(outbox, tx, {
          account: token.owner,
          category: 'security',
          kind: 'api-token.expiring',
          write: (language) => {
            const text = inLanguage(customerMailText, language);
            return {
              subject: text.apiTokenExpiringSubject(token.name, token.expiresAt),
              body: text.apiTokenExpiringBody(
                token.name,
                token.owner,
                token.expiresAt,
                `${config.publicUrl}/portal/api-tokens`,
              ),
            };
          },
        });
      }
    });
  });
  jobs.every(apiTokenExpiryJob, EXPIRY_EVERY_MS);
}

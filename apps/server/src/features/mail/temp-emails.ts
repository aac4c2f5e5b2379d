import { must } from '@portal/contract/must';
import * as C from '@portal/contract/mail/calls';
import { mailText } from '@portal/contract/mail/messages';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';
import { missing } from '../../auth/policy.ts';
import { Answer, route } from '../../http/route.ts';
import { conflict, invalid, refused } from '../../lib/errors.ts';
import { textsFor } from '../../http/language.ts';
import {
  activeTempCount,
  freeTempName,
  insertTempEmail,
  listedTempEmail,
  listedTempEmailsOf,
  lockAccount,
  updateTempEmail,
} from './repository.ts';

const DAY = 24 * 3600_000;

/** When an alias that expires at `expires` leaves the list (it can be extended until then). */
export const fadesAt = (expires: Date): Date => new Date(expires.getTime() + C.TEMP_EMAIL_FADE_DAYS * DAY);

/** Until when the name of an alias that expires at `expires` stays reserved, for every account. */
export const reservedUntil = (expires: Date): Date =>
  new Date(fadesAt(expires).getTime() + C.TEMP_EMAIL_RESERVED_DAYS * DAY);

/** Aliases that expired at or before this instant have faded (no longer listed nor editable). */
const fadeCutoff = (now: Date) => new Date(now.getTime() - C.TEMP_EMAIL_FADE_DAYS * DAY);

/** Aliases that expired at or before this instant are past their reservation: their names are free. */
export const purgeCutoff = (now: Date): Date =>
  new Date(fadeCutoff(now).getTime() - C.TEMP_EMAIL_RESERVED_DAYS * DAY);

/** The expiry choices, in days from now; each one's label is in the catalogue (`mailText.expiryChoices`). */
const EXPIRY_CHOICES = [1, 3, 7, 14, 30, 91, 182, 365] as const;
/** The choice selected at first (its index in the list): a week. */
const DEFAULT_CHOICE = EXPIRY_CHOICES.indexOf(7);

/** The expiry choices from `now`, each on a whole hour so the list reads well, labelled in `texts`' language. */
export function expiryOptions(
  now: Date,
  texts: typeof mailText = mailText,
): Array<{ date: string; label: string }> {
  return EXPIRY_CHOICES.map((days) => {
    const d = new Date(now.getTime() + days * DAY);
    d.setUTCMinutes(0, 0, 0);
    d.setTime(d.getTime() + 3600_000);
    return { date: d.toISOString(), label: texts.expiryChoices[days] };
  });
}

/**
 * Temporary Email: aliases on the fixed temporary domain. At most 25 active per account;
 * an expired alias stays listed for a week (it can be extended), then fades; its name stays
 * reserved for six months after that, for every account.
 */
export function tempEmailRoutes(app: FastifyInstance): void {
  const { deps } = app;
  const at = (name: string) => `${name}@${deps.config.TEMP_EMAIL_DOMAIN}`;

  /** The expiry date must be ahead and at most a year away; `keep` (the current one) is always accepted. */
  const checkExpiry = (value: string, keep?: Date): Date => {
    const d = new Date(value);
    if (keep && d.getTime() === keep.getTime()) return d;
    const now = deps.now().getTime();
    if (d.getTime() <= now) throw invalid(mailText.expiresInPast, { expires: mailText.expiresInPast });
    if (d.getTime() > now + C.TEMP_EMAIL_MAX_DAYS * DAY)
      throw invalid(mailText.expiresTooFar, { expires: mailText.expiresTooFar });
    return d;
  };
  const checkForward = (address: string) => {
    if (address.toLowerCase().endsWith(`@${deps.config.TEMP_EMAIL_DOMAIN.toLowerCase()}`)) {
      throw invalid(mailText.tempForwardLoop, { forwards_to: mailText.tempForwardLoop });
    }
  };
  const activeCount = (db: Db, owner: string, exceptId = 0) =>
    activeTempCount(db, owner, deps.now(), exceptId);
  /** The account's alias by id or name while it is listed (it fades a week after it expires). */
  const findListed = (db: Db, owner: string, which: { id: number } | { name: string }) =>
    listedTempEmail(db, owner, which, fadeCutoff(deps.now()));

  route(app, C.tempEmails, {
    access: { account: ({ params }) => params.user },
    handler: async ({ db, account }) => {
      const now = deps.now();
      const rows = await listedTempEmailsOf(db, account.logname, fadeCutoff(now));
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        forwards_to: r.forwardsTo,
        expires: r.expires.toISOString(),
        goes_toedash: fadesAt(r.expires).toISOString(),
        notes: r.notes,
        expired: r.expires.getTime() <= now.getTime(),
      }));
    },
  });

  route(app, C.tempEmailExpList, {
    access: 'user',
    handler: async ({ req }) => {
      const list = expiryOptions(deps.now(), textsFor(req, mailText));
      return { list, selected_date: must(list[DEFAULT_CHOICE], 'the default expiry choice').date };
    },
  });

  route(app, C.tempEmailExpListFor, {
    access: 'user',
    handler: async ({ params, req }) => {
      const current = new Date(params.expdate).toISOString();
      const texts = textsFor(req, mailText);
      const list = expiryOptions(deps.now(), texts);
      if (!list.some((o) => o.date === current))
        list.unshift({ date: current, label: texts.expiryUnchanged });
      return { list, selected_date: current };
    },
  });

  route(app, C.addTempEmail, {
    access: { account: ({ body }) => body.logname },
    handler: async ({ db, account, body, req }) => {
      const owner = account.logname;
      const expires = checkExpiry(body.expires);
      checkForward(body.forwards_to);
      // Serialises the account's alias changes, so two requests cannot both take the 25th place.
      await lockAccount(db, owner);
      if ((await activeCount(db, owner)) >= C.TEMP_EMAIL_MAX_ACTIVE)
        throw refused(textsFor(req, mailText).tempLimit(C.TEMP_EMAIL_MAX_ACTIVE));
      // A name whose reservation has ended is free again, whether or not the expiry job has purged it yet.
      await freeTempName(db, body.name, purgeCutoff(deps.now()));
      const row = await insertTempEmail(db, {
        owner,
        name: body.name,
        forwardsTo: body.forwards_to,
        expires,
        notes: body.notes,
      });
      if (!row) throw conflict(textsFor(req, mailText).tempNameTaken(at(body.name)));
      return new Answer(
        {
          id: row.id,
          name: row.name,
          forwards_to: row.forwardsTo,
          expires: row.expires.toISOString(),
          notes: row.notes,
        },
        textsFor(req, mailText).addedTemp(at(row.name)),
      );
    },
  });

  route(app, C.tempEmailAlias, {
    access: { account: ({ body }) => body.logname },
    // Reads only.
    transaction: false,
    audit: false,
    handler: async ({ db, account, body, caller }) => {
      const suffix = `@${deps.config.TEMP_EMAIL_DOMAIN.toLowerCase()}`;
      const name = body.alias.endsWith(suffix) ? body.alias.slice(0, -suffix.length) : body.alias;
      const row = await findListed(db, account.logname, { name });
      if (!row) throw missing(caller, mailText.noAliasFound);
      return {
        id: row.id,
        notes: row.notes,
        forwards_to: row.forwardsTo,
        expires: row.expires.toISOString(),
      };
    },
  });

  route(app, C.updateTempEmail, {
    access: { account: ({ body }) => body.logname },
    handler: async ({ db, account, body, caller, req }) => {
      const owner = account.logname;
      await lockAccount(db, owner);
      const row = await findListed(db, owner, { id: body.key });
      if (!row || row.name !== body.name) throw missing(caller, mailText.noAliasFound);
      const expires = checkExpiry(body.expdate, row.expires);
      checkForward(body.forwards_to);
      const now = deps.now();
      const reactivates = row.expires.getTime() <= now.getTime() && expires.getTime() > now.getTime();
      if (reactivates && (await activeCount(db, owner, row.id)) >= C.TEMP_EMAIL_MAX_ACTIVE) {
        throw refused(textsFor(req, mailText).tempLimit(C.TEMP_EMAIL_MAX_ACTIVE));
      }
      const updated = await updateTempEmail(db, owner, row.id, {
        forwardsTo: body.forwards_to,
        expires,
        notes: body.notes,
        expiredAt: expires.getTime() > now.getTime() ? null : row.expiredAt,
      });
      if (!updated) throw missing(caller, mailText.noAliasFound);
      return new Answer(
        {
          id: updated.id,
          name: updated.name,
          forwards_to: updated.forwardsTo,
          expires: updated.expires.toISOString(),
          notes: updated.notes,
        },
        textsFor(req, mailText).updatedTemp(at(updated.name)),
      );
    },
  });
}

import * as C from '@portal/contract/notifications/calls';
import { NOTICE_CATEGORIES } from '@portal/contract/notifications/categories';
import { noticeText } from '@portal/contract/notifications/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/index.ts';
import { Answer, route } from '../../http/route.ts';
import { invalid as invalidInput, refused } from '../../lib/errors.ts';
import {
  billEmailOf,
  choiceOf,
  confirmedRecoveryOf,
  ownAddress,
  readUnsubscribeToken,
  secondariesOf,
  setChoice,
  setSendTo,
} from '../../lib/notify.ts';
import { formPostRoutes, sendLinkPage } from '../mail/link-page.ts';
import { callerLanguage, textsFor } from '../../http/language.ts';

/**
 * Notification preferences and the one-click unsubscribe (docs/decisions/055-notification-preferences.md).
 * The account itself, or staff working on it, reads and changes where each category of customer
 * mail goes (a staff change is audited by route(), so it is on the activity list); security cannot
 * be changed. The unsubscribe link needs no sign-in: its token is signed for one account and one
 * category (lib/notify.ts); opening it only shows a page, its POST turns that category off.
 */
export function noticePreferenceRoutes(app: FastifyInstance): void {
  const { deps } = app;
  const settings = { mailboxDomain: deps.config.MAILBOX_DOMAIN };

  const preferencesOf = async (db: Db, logname: string): Promise<C.NoticePreferences> => {
    const bill = await billEmailOf(db, logname);
    const preferences: C.NoticePreference[] = [];
    for (const category of NOTICE_CATEGORIES) {
      const choice = await choiceOf(db, logname, category);
      preferences.push({
        category,
        send_to: choice.sendTo,
        locked: C.LOCKED_CATEGORIES.has(category),
        copy_secondary: choice.copySecondary,
        copy_recovery: choice.copyRecovery,
      });
    }
    return {
      preferences,
      addresses: { bill: bill ?? '', own: ownAddress(settings, logname) },
      copy_targets: {
        secondaries: await secondariesOf(db, logname),
        recovery: await confirmedRecoveryOf(db, logname),
      },
    };
  };

  route(app, C.getNoticePreferences, {
    access: { account: ({ params }) => params.logname, scope: 'self' },
    handler: async ({ db, account }) => preferencesOf(db, account.logname),
  });

  route(app, C.setNoticePreference, {
    access: { account: ({ body }) => body.logname, scope: 'self' },
    handler: async ({ db, account, body, auditDetails, req }) => {
      const owner = account.logname;
      if (C.LOCKED_CATEGORIES.has(body.category)) throw refused(noticeText.securityLocked);
      const before = await choiceOf(db, owner, body.category);
      const next = {
        sendTo: body.send_to,
        copySecondary: body.copy_secondary === undefined ? before.copySecondary : body.copy_secondary,
        copyRecovery: body.copy_recovery === undefined ? before.copyRecovery : body.copy_recovery,
      };
      // Each copy is looked up with this account as its owner: another's Secondary or address is
      // refused with the same words as one that does not exist.
      const secondary = next.copySecondary;
      if (secondary && !(await secondariesOf(db, owner)).some((s) => s.logname === secondary))
        throw invalidInput(noticeText.copySecondaryUnknown, {
          copy_secondary: noticeText.copySecondaryUnknown,
        });
      const recovery = next.copyRecovery;
      if (recovery !== null && !(await confirmedRecoveryOf(db, owner)).some((r) => r.id === recovery))
        throw invalidInput(noticeText.copyRecoveryUnknown, { copy_recovery: noticeText.copyRecoveryUnknown });
      if (
        before.sendTo === next.sendTo &&
        before.copySecondary === next.copySecondary &&
        before.copyRecovery === next.copyRecovery
      )
        return new Answer(await preferencesOf(db, owner), noticeText.unchanged);
      await setChoice(db, owner, body.category, next, deps.now());
      Object.assign(auditDetails, {
        category: body.category,
        from: before.sendTo,
        to: next.sendTo,
        copy_secondary: next.copySecondary,
        copy_recovery: next.copyRecovery,
      });
      const texts = textsFor(req, noticeText);
      return new Answer(await preferencesOf(db, owner), texts.saved(texts.categories[body.category]));
    },
  });

  const home = () => `${deps.config.publicUrl}/portal/`;
  const invalid = (texts: typeof noticeText) => ({
    title: texts.unsubscribeTitle,
    text: texts.unsubscribeInvalid,
    home: home(),
  });
  const read = async (db: Db, token: string) => {
    const named = readUnsubscribeToken(deps.secretBox, token, NOTICE_CATEGORIES);
    if (!named || C.LOCKED_CATEGORIES.has(named.category)) return null;
    return (await billEmailOf(db, named.logname)) === null ? null : named;
  };

  /**
   * The page a link answers, in the browser's language: the text for a valid token (with the button
   * while asking), else "not valid".
   */
  const answer = (
    req: FastifyRequest,
    reply: FastifyReply,
    named: unknown,
    text: (texts: typeof noticeText) => string | null,
    button = true,
  ) => {
    const texts = textsFor(req, noticeText);
    const said = text(texts);
    sendLinkPage(
      reply,
      named && said ? 200 : 404,
      named && said ? { title: texts.unsubscribeTitle, text: said, home: home(), button } : invalid(texts),
      callerLanguage(req),
    );
  };

  // Opening the link (HEAD or GET, as mail scanners do) only shows the page; its button unsubscribes.
  route(app, C.unsubscribePage, {
    access: 'public',
    audit: false,
    handler: async ({ db, params, reply, req }) => {
      const named = await read(db, params.token);
      answer(req, reply, named, (texts) =>
        named ? texts.unsubscribeAsk(texts.categories[named.category], named.logname) : null,
      );
      return { category: named?.category ?? '' };
    },
  });

  // RFC 8058: the mail program posts `List-Unsubscribe=One-Click` (a form) to the header's address.
  formPostRoutes(app, (scope) =>
    route(scope, C.unsubscribe, {
      access: 'public',
      audit: false,
      handler: async ({ db, params, reply, req }) => {
        const named = await read(db, params.token);
        if (named) await setSendTo(db, named.logname, named.category, 'off', deps.now());
        answer(
          req,
          reply,
          named,
          (texts) => (named ? texts.unsubscribed(texts.categories[named.category], named.logname) : null),
          false,
        );
        return { category: named?.category ?? '' };
      },
    }),
  );
}

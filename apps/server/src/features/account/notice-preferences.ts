import * as C from '@portal/contract/notifications/calls';
import { NOTICE_CATEGORIES } from '@portal/contract/notifications/categories';
import { noticeText } from '@portal/contract/notifications/messages';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../../db/index.ts';
import { Answer, route } from '../../http/route.ts';
import { refused } from '../../lib/errors.ts';
import { billEmailOf, ownAddress, readUnsubscribeToken, sendToOf, setSendTo } from '../../lib/notify.ts';
import { formPostRoutes, sendLinkPage } from '../mail/link-page.ts';

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
    for (const category of NOTICE_CATEGORIES)
      preferences.push({
        category,
        send_to: await sendToOf(db, logname, category),
        locked: C.LOCKED_CATEGORIES.has(category),
      });
    return { preferences, addresses: { bill: bill ?? '', own: ownAddress(settings, logname) } };
  };

  route(app, C.getNoticePreferences, {
    access: { account: ({ params }) => params.logname, scope: 'self' },
    handler: async ({ db, account }) => preferencesOf(db, account.logname),
  });

  route(app, C.setNoticePreference, {
    access: { account: ({ body }) => body.logname, scope: 'self' },
    handler: async ({ db, account, body, auditDetails }) => {
      const owner = account.logname;
      if (C.LOCKED_CATEGORIES.has(body.category)) throw refused(noticeText.securityLocked);
      const before = await sendToOf(db, owner, body.category);
      const name = noticeText.categories[body.category];
      if (before === body.send_to) return new Answer(await preferencesOf(db, owner), noticeText.unchanged);
      await setSendTo(db, owner, body.category, body.send_to, deps.now());
      Object.assign(auditDetails, { category: body.category, from: before, to: body.send_to });
      return new Answer(await preferencesOf(db, owner), noticeText.saved(name));
    },
  });

  const home = () => `${deps.config.publicUrl}/portal/`;
  const invalid = () => ({
    title: noticeText.unsubscribeTitle,
    text: noticeText.unsubscribeInvalid,
    home: home(),
  });
  const read = async (db: Db, token: string) => {
    const named = readUnsubscribeToken(deps.secretBox, token, NOTICE_CATEGORIES);
    if (!named || C.LOCKED_CATEGORIES.has(named.category)) return null;
    return (await billEmailOf(db, named.logname)) === null ? null : named;
  };

  /** The page a link answers: the text for a valid token (with the button while asking), else "not valid". */
  const answer = (reply: FastifyReply, named: unknown, text: string | null, button = true) =>
    sendLinkPage(
      reply,
      named && text ? 200 : 404,
      named && text ? { title: noticeText.unsubscribeTitle, text, home: home(), button } : invalid(),
    );

  // Opening the link (HEAD or GET, as mail scanners do) only shows the page; its button unsubscribes.
  route(app, C.unsubscribePage, {
    access: 'public',
    audit: false,
    handler: async ({ db, params, reply }) => {
      const named = await read(db, params.token);
      answer(
        reply,
        named,
        named && noticeText.unsubscribeAsk(noticeText.categories[named.category], named.logname),
      );
      return { category: named?.category ?? '' };
    },
  });

  // RFC 8058: the mail program posts `List-Unsubscribe=One-Click` (a form) to the header's address.
  formPostRoutes(app, (scope) =>
    route(scope, C.unsubscribe, {
      access: 'public',
      audit: false,
      handler: async ({ db, params, reply }) => {
        const named = await read(db, params.token);
        if (named) await setSendTo(db, named.logname, named.category, 'off', deps.now());
        answer(
          reply,
          named,
          named && noticeText.unsubscribed(noticeText.categories[named.category], named.logname),
          false,
        );
        return { category: named?.category ?? '' };
      },
    }),
  );
}

import * as C from '@portal/contract/domains/calls';
import { domainText } from '@portal/contract/domains/messages';
import { inLanguage } from '@portal/contract/i18n/catalogue';
import { accountNoticeText } from '@portal/contract/notifications/mails';
import type { FastifyInstance } from 'fastify';
import { findAccount } from '../../auth/policy.ts';
import { Answer, route } from '../../http/route.ts';
import { mailAccountNotice } from '../../lib/account-notice.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import {
  adminGrantsOf,
  grantAdmin,
  grantAdminEach,
  grantsOf,
  ownerDomains,
  removeAllDomainsGrant,
  removeGrant,
  removeGrantsOf,
} from './repository.ts';
import { textsFor } from '../../http/language.ts';

/** Domain permissions: who may manage a domain and its email aliases. */
export function permissionRoutes(app: FastifyInstance): void {
  route(app, C.domainAdmins, {
    access: { domain: ({ params }) => params.domain },
    handler: async ({ db, domain }) => {
      const rows = await adminGrantsOf(db, domain.owner);
      const out = new Map<string, 'domain' | 'all'>();
      for (const r of rows) {
        if (r.domain === null) out.set(r.admin, 'all');
        else if (r.domain === domain.domain && !out.has(r.admin)) out.set(r.admin, 'domain');
      }
      return [...out].map(([logname, scope]) => ({ logname, scope }));
    },
  });

  // Giving and taking rights is the owner's (or staff's): the 'owner' scope of the policy.
  route(app, C.addAdmin, {
    access: { domain: ({ body }) => body.domain, scope: 'owner', owner: ({ body }) => body.logname },
    grant: true,
    limit: 'grant',
    handler: async ({ db, domain, body, caller, req }) => {
      if (body.newadmin === domain.owner) {
        const text = textsFor(req, domainText).ownerAlready(body.newadmin);
        throw invalid(text, { newadmin: text });
      }
      if (!(await findAccount(db, body.newadmin))) {
        const text = textsFor(req, domainText).cannotGrant(body.newadmin);
        throw invalid(text, { newadmin: text });
      }
      await grantAdmin(db, domain.owner, body.newadmin, body.all ? null : domain.domain);
      const affected = body.all ? await ownerDomains(db, domain.owner) : [domain.domain];
      await mailAccountNotice(app.deps.outbox, db, {
        account: domain.owner,
        kind: 'notice.domain-admin-added',
        write: (language) => {
          const text = inLanguage(accountNoticeText, language);
          const of = body.all ? text.allDomainsOf(domain.owner) : domain.domain;
          return {
            subject: text.domainAdminAddedSubject(domain.owner),
            lines: [text.domainAdminAdded(caller.username, body.newadmin, of), text.domainAdminMay],
          };
        },
      });
      return new Answer(
        { admin: body.newadmin, all: body.all, domains: affected },
        textsFor(req, domainText).adminAdded(body.newadmin, affected.length),
      );
    },
  });

  route(app, C.deleteAdmin, {
    access: { domain: ({ body }) => body.domain, scope: 'owner' },
    handler: async ({ db, domain, body, req }) => {
      const { owner, domain: name } = domain;
      const grants = await grantsOf(db, owner, body.logname);
      const own = grants.find((g) => g.domain === name);
      const all = grants.find((g) => g.domain === null);
      if (!own && !all) throw notFound(textsFor(req, domainText).notAdmin(body.logname, name));
      if (own) await removeGrant(db, own.id);
      if (all) {
        // An all-domains grant minus this domain: the admin keeps each of the owner's other domains.
        await removeAllDomainsGrant(db, owner, body.logname);
        const others = (await ownerDomains(db, owner)).filter((d) => d !== name);
        await grantAdminEach(db, owner, body.logname, others);
      }
      return new Answer(
        { admin: body.logname, domain: name },
        textsFor(req, domainText).adminRemoved(body.logname, name),
      );
    },
  });

  route(app, C.deleteAdminFromAll, {
    // The owner names itself as current_user: its own account (or staff working on it).
    access: { account: ({ body }) => body.current_user },
    handler: async ({ db, account, body, req }) => {
      const owner = account.logname;
      const removed = await removeGrantsOf(db, owner, body.admin_to_delete);
      if (removed.length === 0) throw notFound(textsFor(req, domainText).noGrants(body.admin_to_delete));
      const affected = removed.some((r) => r.domain === null)
        ? await ownerDomains(db, owner)
        : removed.map((r) => r.domain as string).sort();
      return new Answer(
        { admin: body.admin_to_delete, domains: affected },
        textsFor(req, domainText).removedFromAll(body.admin_to_delete, affected.length),
      );
    },
  });
}

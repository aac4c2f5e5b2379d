import * as C from '@portal/contract/mail/calls';
import { mailText } from '@portal/contract/mail/messages';
import type { FastifyInstance } from 'fastify';
import { isStaff } from '../../auth/policy.ts';
import type { Caller } from '../../auth/tokens.ts';
import { Answer, route } from '../../http/route.ts';
import { conflict, forbidden, invalid, notFound, refused } from '../../lib/errors.ts';
import { addAlias, aliasCountsOf, aliasesOf, deleteAlias, findAlias, updateAlias } from './repository.ts';
import { textsFor } from '../../http/language.ts';

/**
 * Domain email aliases (the spec's "Email Aliases"): the domain's owner, admins granted on it and
 * staff (the `{ domain }` rule). The rows are what Postfix resolves through mail_virtual_aliases.
 */
export function aliasRoutes(app: FastifyInstance): void {
  route(app, C.domainCounts, {
    access: { account: ({ params }) => params.user },
    handler: async ({ db, account }) => aliasCountsOf(db, account.logname),
  });

  route(app, C.domainEmailAliases, {
    access: { domain: ({ params }) => params.domain },
    handler: async ({ db, domain }) => aliasesOf(db, domain.domain),
  });

  route(app, C.domainAliasDests, {
    access: { domain: ({ params }) => params.domain },
    handler: async ({ db, domain, params }) => {
      const row = await findAlias(db, domain.domain, params.src);
      if (!row) throw notFound(mailText.notFoundAlias);
      return { src: row.src, dst_list: row.dstList };
    },
  });

  route(app, C.addDomainAlias, {
    access: { domain: ({ body }) => body.src_domain },
    handler: async ({ db, domain, body, caller, req }) => {
      const address = `${body.src_user}@${domain.domain}`;
      if (body.src_user === '*') throw refused(mailText.catchAll);
      const texts = textsFor(req, mailText);
      checkRoleAddress(caller, domain.owner, body.src_user, address, texts);
      checkNotItself(address, body.targets, texts);
      if (!(await addAlias(db, domain.domain, body.src_user, body.targets)))
        throw conflict(texts.aliasExists(address));
      return new Answer({ address, dst_list: body.targets }, texts.added(address));
    },
  });

  route(app, C.updateDomainAlias, {
    access: { domain: ({ body }) => body.src_domain },
    handler: async ({ db, domain, body, caller, req }) => {
      const address = `${body.src_user}@${domain.domain}`;
      if (body.src_user === '*') throw refused(mailText.catchAll);
      const texts = textsFor(req, mailText);
      checkRoleAddress(caller, domain.owner, body.src_user, address, texts);
      checkNotItself(address, body.targets, texts);
      if (!(await updateAlias(db, domain.domain, body.src_user, body.targets)))
        throw notFound(mailText.notFoundAlias);
      return new Answer({ address, dst_list: body.targets }, texts.updated(address));
    },
  });

  route(app, C.deleteDomainAlias, {
    access: { domain: ({ body }) => body.src_domain },
    handler: async ({ db, domain, body }) => {
      const address = `${body.src_user}@${domain.domain}`;
      if (body.src_user === '*') throw refused(mailText.catchAll);
      if (!(await deleteAlias(db, domain.domain, body.src_user))) throw notFound(mailText.notFoundAlias);
      return new Answer({ address }, mailText.deleted);
    },
  });
}

/** An alias that lists itself would loop in Postfix until the hop limit bounces the mail. */
function checkNotItself(address: string, targets: string[], texts: typeof mailText): void {
  if (targets.includes(address)) {
    const text = texts.aliasToItself(address);
    throw invalid(text, { targets: text });
  }
}

/**
 * A role address on a customer's domain (postmaster@, webmaster@, …) proves control of the domain
 * to certificate authorities and receives its abuse reports: only the domain's owner account (or
 * staff) makes or changes one; a domain admin or secondary working on the domain is refused
 * (docs/decisions/034-role-addresses.md).
 */
function checkRoleAddress(
  caller: Caller | null,
  owner: string,
  src: string,
  address: string,
  texts: typeof mailText,
): void {
  if (!C.isRoleAddress(src) || isStaff(caller) || caller?.username === owner) return;
  throw forbidden(texts.roleAddressOwnerOnly(address));
}

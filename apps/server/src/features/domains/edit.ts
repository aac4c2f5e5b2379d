import * as C from '@portal/contract/domains/calls';
import { domainText } from '@portal/contract/domains/messages';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DomainRef } from '../../auth/policy.ts';
import type { Caller } from '../../auth/tokens.ts';
import type { Db } from '../../db/index.ts';
import { domains } from '../../db/schema.ts';
import { Answer, route } from '../../http/route.ts';
import { refused } from '../../lib/errors.ts';
import { pick } from '../../lib/pick.ts';
import { type DomainRecord, domainAnswer, findDomain } from './repository.ts';

/** The Domain Edit answer: the settings of a registrar-managed domain. */
const statusOf = (d: DomainRecord) =>
  pick(domainAnswer(d), 'domain', 'auto_renew', 'abandon', 'contact_email', 'expiration_date');

/** A domain not registered through our registrar partner has no settings we can change (spec 001 §6). */
async function managedDomain(db: Db, caller: Caller, domain: DomainRef): Promise<DomainRecord> {
  const d = await findDomain(db, caller, domain);
  if (!d.registrarManaged) throw refused(domainText.notRegistrarManaged(d.domain));
  return d;
}

/** Domain Edit (spec 001 §2): auto-renew, let-expire (never both) and the contact email. */
export function editRoutes(app: FastifyInstance): void {
  route(app, C.domainStatus, {
    access: { domain: ({ params }) => params.domain },
    handler: async ({ db, caller, domain }) => statusOf(await managedDomain(db, caller, domain)),
  });

  route(app, C.domainEdit, {
    access: { domain: ({ body }) => body.domain },
    handler: async ({ db, caller, domain, body }) => {
      await managedDomain(db, caller, domain);
      // A blank contact email means "the primary account's email address", resolved when mail is sent.
      const [d] = await db
        .update(domains)
        .set({ autoRenew: body.auto_renew, abandon: body.abandon, contactEmail: body.contact_email })
        .where(eq(domains.domain, domain.domain))
        .returning();
      return new Answer(statusOf(d), domainText.updated(d.domain));
    },
  });
}

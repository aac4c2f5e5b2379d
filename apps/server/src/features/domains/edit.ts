import * as C from '@portal/contract/domains/calls';
import { domainText } from '@portal/contract/domains/messages';
import type { FastifyInstance } from 'fastify';
import { Answer, route } from '../../http/route.ts';
import { refused } from '../../lib/errors.ts';
import { pick } from '../../lib/pick.ts';
import { type DomainRecord, domainAnswer, updateDomainSettings } from './repository.ts';
import { textsFor } from '../../http/language.ts';

/** The Domain Edit answer: the settings of a registrar-managed domain. */
const statusOf = (d: DomainRecord) =>
  pick(domainAnswer(d), 'domain', 'auto_renew', 'abandon', 'contact_email', 'expiration_date');

/** A domain not registered through our registrar partner has no settings we can change. */
function managedDomain(d: DomainRecord, texts: typeof domainText): DomainRecord {
  if (!d.registrarManaged) throw refused(texts.notRegistrarManaged(d.domain));
  return d;
}

/** Domain Edit: auto-renew, let-expire (never both) and the contact email. */
export function editRoutes(app: FastifyInstance): void {
  route(app, C.domainStatus, {
    access: { domain: ({ params }) => params.domain },
    handler: async ({ domain, req }) => statusOf(managedDomain(domain, textsFor(req, domainText))),
  });

  route(app, C.domainEdit, {
    access: { domain: ({ body }) => body.domain },
    handler: async ({ db, domain, body, req }) => {
      managedDomain(domain, textsFor(req, domainText));
      const d = await updateDomainSettings(db, domain.domain, {
        autoRenew: body.auto_renew,
        abandon: body.abandon,
        contactEmail: body.contact_email,
      });
      return new Answer(statusOf(d), textsFor(req, domainText).updated(d.domain));
    },
  });
}

import * as C from '@portal/contract/domains/calls';
import { domainText, yearLabel } from '@portal/contract/domains/messages';
import { inLanguage } from '@portal/contract/i18n/catalogue';
import { customerMailText } from '@portal/contract/notifications/mails';
import type { FastifyInstance } from 'fastify';
import { Answer, route } from '../../http/route.ts';
import { addYears } from '../../integrations/registrar/index.ts';
import { conflict, invalid, refused } from '../../lib/errors.ts';
import { enqueue } from '../../lib/jobs.ts';
import { languageOf } from '../../lib/notify.ts';
import { pick } from '../../lib/pick.ts';
import { daysBetween, today } from './dates.ts';
import {
  contactEmailOf,
  type DomainRecord,
  domainAnswer,
  markRenewalPending,
  pricesOf,
} from './repository.ts';
import { type RenewJob, renewJob } from './workers.ts';
import { textsFor } from '../../http/language.ts';

/** The idempotency key of a renewal: the same request can never renew twice. */
export const renewKey = (domain: string, currentExpiration: string, years: number) =>
  `renew:${domain}:${currentExpiration}:${years}`;

/** Why a domain cannot be renewed by hand now, or null (docs/areas/domains.md). */
export function renewRefusal(
  d: DomainRecord,
  now: Date,
  texts: typeof domainText = domainText,
): string | null {
  if (!d.registrarManaged || !d.expirationDate) return texts.notRegistrarManaged(d.domain);
  if (d.autoRenew) return texts.onAutoRenew(d.domain);
  const days = daysBetween(today(now), d.expirationDate);
  if (days > C.RENEW_WINDOW_DAYS) return texts.tooEarly(d.domain, C.RENEW_WINDOW_DAYS);
  if (days < -C.RENEW_GRACE_DAYS) return texts.tooLate(d.domain);
  return null;
}

/** Renewal: the status screen and the request; a worker finalises it (workers.ts). */
export function renewalRoutes(app: FastifyInstance): void {
  const { deps } = app;

  route(app, C.domainRenewalStatus, {
    access: { domain: ({ params }) => params.domain },
    handler: async ({ db, domain: d, req }) => {
      const refusal = d.renewalPending ? null : renewRefusal(d, deps.now(), textsFor(req, domainText));
      const prices = d.registrarManaged ? await pricesOf(db, C.tldOf(d.domain)) : [];
      const data = {
        ...pick(
          domainAnswer(d),
          'domain',
          'expiration_date',
          'auto_renew',
          'abandon',
          'renewal_pending',
          'registrar_managed',
        ),
        renewable: !d.renewalPending && !refusal,
        prices,
      };
      const message = d.renewalPending
        ? textsFor(req, domainText).alreadyPending(d.domain, d.renewalPending)
        : (refusal ?? '');
      return new Answer(data, message);
    },
  });

  route(app, C.renewDomain, {
    access: { domain: ({ body }) => body.renew_domain },
    // The policy hands over the domain's row locked (auth/policy.ts authorizeDomain): two renewals
    // of one domain at once must not both pass the checks.
    handler: async ({ db, domain: d, body, caller, auditDetails, req }) => {
      const answer = (years: number, expiration: string) =>
        new Answer(
          {
            domain: d.domain,
            renewal_pending: years,
            expiration_date: expiration,
            new_expiration: addYears(expiration, years),
            price: body.price,
          },
          domainText.renewalPending,
        );

      if (d.renewalPending) {
        // The same request again (a double click, a retried POST): same answer, nothing sent twice.
        if (d.renewalPending === body.numyears && d.expirationDate)
          return answer(d.renewalPending, d.expirationDate);
        throw conflict(textsFor(req, domainText).alreadyPending(d.domain, d.renewalPending));
      }
      const refusal = renewRefusal(d, deps.now(), textsFor(req, domainText));
      // renewRefusal refuses a domain without an expiration date: the second test only tells TypeScript.
      const expiration = d.expirationDate;
      if (refusal || !expiration)
        throw refused(refusal ?? textsFor(req, domainText).notRegistrarManaged(d.domain));

      const price = (await pricesOf(db, C.tldOf(d.domain))).find((p) => p.id === body.numyears);
      if (!price) {
        const text = textsFor(req, domainText).noPriceForYears(body.numyears);
        throw invalid(text, { numyears: text });
      }
      if (Math.round(price.price * 100) !== Math.round(body.price * 100))
        throw conflict(domainText.priceChanged);

      const newExpiration = addYears(expiration, body.numyears);
      // Renewing by hand means the customer keeps the domain: "let expire" no longer applies.
      await markRenewalPending(db, d.domain, body.numyears);

      const to = await contactEmailOf(db, d);
      const period = `${body.numyears} ${yearLabel(body.numyears)}`;
      if (to) {
        // Not mailCustomer yet: it goes to the domain's own contact address, set per domain on Edit
        // Domains (docs/decisions/106-customer-mail-routing.md). In the owner's language.
        const language = await languageOf(db, d.owner);
        await deps.outbox.send(db, {
          kind: 'domains.renewal-notice',
          account: d.owner,
          to,
          subject: inLanguage(domainText, language).renewNoticeSubject(d.domain),
          body: inLanguage(customerMailText, language).renewalNoticeBody(
            d.domain,
            body.numyears,
            price.price.toFixed(2),
            expiration,
            newExpiration,
            caller.username,
            caller.username === d.owner ? null : d.owner,
          ),
        });
      }
      const { registrar } = deps;
      if (registrar.name === 'manual') {
        // The embedded registrar is the hostmaster: the message is the work order.
        await deps.outbox.send(db, {
          kind: 'domains.renewal-hostmaster',
          account: d.owner,
          to: deps.config.HOSTMASTER_EMAIL,
          subject: `Renew ${d.domain} for ${period}`,
          body: [
            `Please renew ${d.domain} at the registry for ${period}.`,
            `Account: ${d.owner}`,
            `Current expiration date: ${expiration}`,
            `New expiration date: ${newExpiration}`,
            `Price charged on the next invoice: $${price.price.toFixed(2)}`,
            `Requested by: ${caller.username}`,
          ].join('\n'),
        });
      }
      const key = renewKey(d.domain, expiration, body.numyears);
      const job: RenewJob = { domain: d.domain, years: body.numyears, currentExpiration: expiration, key };
      // One job per request (the row lock and renewal_pending stop a second one); the registrar
      // sees the same idempotency key on every attempt of this renewal.
      const at = deps.now().getTime();
      await enqueue(db, renewJob, job, {
        runAt: new Date(at + registrar.delayMs),
        uniqueKey: `${key}:${at}`,
      });
      auditDetails.price = price.price;
      return answer(body.numyears, expiration);
    },
  });
}

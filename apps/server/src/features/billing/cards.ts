import { must } from '@portal/contract/must';
import * as C from '@portal/contract/billing/calls';
import { billingText } from '@portal/contract/billing/messages';
import { commonText } from '@portal/contract/messages';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';
import { Answer, route } from '../../http/route.ts';
import {
  type BillingInput,
  type CardInput,
  type CardType,
  checkCardNumber,
  isExpired,
  parseExpdate,
  type StoredCard,
  splitName,
} from '../../integrations/gateway/index.ts';
import { invalid, refused } from '../../lib/errors.ts';
import { retrySoon } from './dunning.ts';
import {
  type CardRow,
  cardById,
  cardPrefillOf,
  cardsOf,
  customerProfileOf,
  deleteCardRow,
  normalExpdate,
  ownCard,
  sameCardOf,
  setAutoBilling,
  syncAutoBillFlag,
  toPayMethod,
  updateCardDetails,
  upsertCard,
} from './repository.ts';

const billing = (logname: (i: { body: { account: string } }) => string) => ({
  account: logname,
  scope: 'billing' as const,
});

/**
 * A card number the gateway takes, with its brand; the chosen card type must match; not expired
 * by the server's clock (`expired` is the text of the form at hand: card form and pay form differ).
 */
export function checkNewCard(
  input: { ccnumber: string; expdate: string; cardtype?: string },
  now: Date,
  expired: string,
): { digits: string; type: CardType } {
  const check = checkCardNumber(input.ccnumber);
  if (!check.ok)
    throw invalid(`ccnumber: ${billingText.cardNotAccepted}`, { ccnumber: billingText.cardNotAccepted });
  if (input.cardtype && input.cardtype !== check.type) {
    throw invalid(`cardtype: ${billingText.cardTypeMismatch}`, { cardtype: billingText.cardTypeMismatch });
  }
  const exp = parseExpdate(input.expdate);
  if (!exp || isExpired(exp, now)) throw invalid(`expdate: ${expired}`, { expdate: expired });
  return check;
}

/** The card fields of add-card and single-payment bodies (after the contract's checks). */
interface CardBody {
  opaque_data?: { descriptor: string; value: string };
  ccnumber?: string;
  expdate?: string;
  cvv?: string;
  cardtype?: string;
  ccname: string;
  address: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
}

/** The card of a request, for the gateway; `ccn4` and `secrets` only when the number was sent. */
export interface RequestCard {
  card: CardInput;
  /** The last four digits when known before the gateway answers (a typed-in number), else ''. */
  ccn4: string;
  /** The number and CVV, to scrub from free text; none with a token. */
  secrets: string[];
}

/**
 * The card of an add-card or single-payment request, one path for both gateways: its token
 * (`opaque_data`, made in the browser by the gateway's script), or, with PORTAL_CARD_NUMBERS=accept
 * only, the spec's literal card, checked here. With `refuse` a typed-in number is a 400 whose
 * answer, logs and rows never hold it (docs/decisions/019-card-tokens.md).
 */
export function requestCard(app: FastifyInstance, body: CardBody, expired: string): RequestCard {
  const billing = {
    name: body.ccname,
    address: body.address,
    city: body.city,
    state: body.state,
    zipcode: body.zipcode,
    country: body.country,
  };
  if (body.opaque_data) {
    const { descriptor, value } = body.opaque_data;
    return { card: { ...billing, opaqueData: { descriptor, value } }, ccn4: '', secrets: [] };
  }
  if (app.deps.config.cardNumbers === 'refuse') throw invalid(billingText.cardNumbersRefused);
  // The contract requires the three when no token is sent.
  const literal = { ccnumber: body.ccnumber ?? '', expdate: body.expdate ?? '', cardtype: body.cardtype };
  const check = checkNewCard(literal, app.deps.now(), expired);
  const cvv = body.cvv ?? '';
  return {
    card: { ...billing, number: literal.ccnumber, expdate: normalExpdate(literal.expdate), cvv },
    ccn4: check.digits.slice(-4),
    secrets: [check.digits, cvv],
  };
}

/**
 * Whether the row kept for a card is not the payment profile the gateway just made: the account
 * had the same card already, and the new profile is to be deleted at the gateway again.
 */
export const isOtherCopy = (row: { paymentProfileId: string }, stored: StoredCard, alreadyStored?: boolean) =>
  row.paymentProfileId !== stored.paymentProfileId && !alreadyStored;

/** Stores the card row of a card the gateway now holds; a card it already held keeps its row. */
export async function saveCardRow(
  db: Db,
  owner: string,
  stored: StoredCard,
  details: BillingInput,
  autoBill: boolean,
): Promise<CardRow> {
  const { firstName, lastName } = splitName(details.name);
  return db.transaction(async (t) => {
    const tx: Db = t;
    // The same card again (same last four, type and expiry): the account keeps the one row it has
    //; the caller deletes the gateway's new copy (`isOtherCopy`).
    const same = await sameCardOf(tx, owner, stored);
    if (same) {
      if (autoBill) await setAutoBilling(tx, owner, same.id, true);
      return must(await cardById(tx, same.id), 'the card already stored');
    }
    const row = await upsertCard(tx, {
      owner,
      cid: stored.customerProfileId,
      paymentProfileId: stored.paymentProfileId,
      ccn4: stored.ccn4,
      cardType: stored.cardType,
      // The expiry as the gateway holds it: a tokenised card's is known only there.
      expdate: stored.expdate,
      firstName,
      lastName,
      address: details.address,
      city: details.city,
      state: details.state,
      zipcode: details.zipcode,
      country: details.country,
    });
    if (autoBill) await setAutoBilling(tx, owner, row.id, true);
    return must(await cardById(tx, row.id), 'the card just stored');
  });
}

/** Stored cards: list, prefill, add, update, delete. */
export function cardRoutes(app: FastifyInstance): void {
  route(app, C.getPaymentMethods, {
    access: { account: ({ params }) => params.account, scope: 'billing' },
    handler: async ({ db, account }) => {
      const rows = await cardsOf(db, account.logname);
      return { pay_methods: rows.map(toPayMethod) };
    },
  });

  route(app, C.getPrefillCcAddr, {
    access: billing(({ body }) => body.account),
    transaction: false,
    audit: false,
    handler: async ({ db, account }) => {
      const logname = account.logname;
      const { account: acct, addresses: rows } = await cardPrefillOf(db, logname);
      const addr = rows.find((r) => r.kind === 'bill') ?? rows.find((r) => r.kind === 'account');
      const first = addr?.firstName || acct.firstName;
      const last = addr?.lastName || acct.lastName;
      return {
        address: {
          ccname: [first, last].filter(Boolean).join(' '),
          first_name: first,
          last_name: last,
          company: addr?.company ?? acct.company,
          address: addr?.address ?? '',
          city: addr?.city ?? '',
          state: addr?.state ?? '',
          zipcode: addr?.zipcode ?? '',
          country: addr?.country || 'US',
          email: acct.billEmail,
        },
      };
    },
  });

  route(app, C.addCard, {
    access: billing(({ body }) => body.account),
    limit: 'card',
    cardDeclines: true,
    // The gateway call must not hold a database transaction open; the writes after it are one.
    transaction: false,
    handler: async ({ db, body, account }) => {
      const owner = account.logname;
      const details = requestCard(app, body, commonText.invalidExpiration).card;
      const gateway = app.deps.gateway;
      const result = await gateway.storeCard({
        account: owner,
        email: account.billEmail || undefined,
        existingCustomerProfileId: await customerProfileOf(db, owner),
        card: details,
      });
      if (!result.ok) throw refused(billingText.unableToAddCard(result.message), 'card_not_stored');
      try {
        const row = await saveCardRow(db, owner, result.card, details, body.auto_bill === 1);
        if (isOtherCopy(row, result.card, result.alreadyStored)) {
          await gateway.deleteCard({
            customerProfileId: result.card.customerProfileId,
            paymentProfileId: result.card.paymentProfileId,
          });
        }
        // A card on auto-billing now: a declined invoice is tried again at once (dunning.ts).
        if (row.onAutoBilling) await retrySoon(db, owner, app.deps.now());
        return new Answer({ card_id: row.id, pay_method: toPayMethod(row) }, billingText.cardAdded);
      } catch (err) {
        // Not kept here: do not leave the card at the gateway either.
        if (!result.alreadyStored) {
          await gateway.deleteCard({
            customerProfileId: result.card.customerProfileId,
            paymentProfileId: result.card.paymentProfileId,
          });
        }
        throw err;
      }
    },
  });

  route(app, C.updateCard, {
    access: billing(({ body }) => body.account),
    // The gateway checks the card's expiry date and billing address: the same limits as add-card.
    limit: 'card',
    cardDeclines: true,
    transaction: false,
    handler: async ({ db, body, account, caller }) => {
      const owner = account.logname;
      const card = await ownCard(db, caller, owner, body.id);
      const expdate = normalExpdate(body.expdate);
      const billTo = {
        firstName: body.first_name || card.firstName,
        lastName: body.last_name || card.lastName,
        company: body.company || card.company,
        address: body.address || card.address,
        city: body.city || card.city,
        state: body.state || card.state,
        zipcode: body.zipcode || card.zipcode,
        country: body.country || card.country,
      };
      const result = await app.deps.gateway.updateCard({
        customerProfileId: card.cid,
        paymentProfileId: card.paymentProfileId,
        expdate,
        billTo,
      });
      if (!result.ok) throw refused(`${billingText.unableToUpdateCard}: ${result.message}`);
      const row = await db.transaction(async (t) => {
        const tx: Db = t;
        await updateCardDetails(tx, owner, card.id, { expdate, ...billTo });
        if (body.auto_bill !== undefined) await setAutoBilling(tx, owner, card.id, body.auto_bill === 1);
        const fresh = await cardById(tx, card.id);
        // The auto-billing card updated: a declined invoice is tried again at once (dunning.ts).
        if (fresh?.onAutoBilling) await retrySoon(tx, owner, app.deps.now());
        return must(fresh, 'the card just updated');
      });
      return new Answer({ pay_method: toPayMethod(row) }, billingText.cardUpdated);
    },
  });

  route(app, C.deleteCard, {
    access: billing(({ body }) => body.account),
    transaction: false,
    handler: async ({ db, body, account, caller }) => {
      const owner = account.logname;
      const card = await ownCard(db, caller, owner, body.id);
      const result = await app.deps.gateway.deleteCard({
        customerProfileId: card.cid,
        paymentProfileId: card.paymentProfileId,
      });
      if (!result.ok) throw refused(result.message);
      await db.transaction(async (t) => {
        const tx: Db = t;
        await deleteCardRow(tx, owner, card.id);
        await syncAutoBillFlag(tx, owner);
      });
      return new Answer({ id: card.id }, billingText.cardDeleted);
    },
  });
}

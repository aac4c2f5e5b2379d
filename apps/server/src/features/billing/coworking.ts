import * as C from '@portal/contract/billing/calls';
import { billingText } from '@portal/contract/billing/messages';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';
import { Answer, route } from '../../http/route.ts';
import { conflict, invalid } from '../../lib/errors.ts';
import {
  approvedCoworkingPayment,
  type CoworkingProductRow,
  coworkingProduct,
  coworkingProductsByPrice,
  dollars,
  recordPurchase,
} from './repository.ts';

/**
 * The payment named by a purchase must be an approved coworking payment of the account, of exactly
 * price × quantity (the product's normal or members' discount price: the purchase does not say
 * which the form used). That it pays for no other purchase is the unique index's to say.
 */
async function checkPayment(
  db: Db,
  owner: string,
  transId: string,
  units: number,
  product: CoworkingProductRow,
): Promise<void> {
  const paid = await approvedCoworkingPayment(db, owner, transId);
  if (!paid)
    throw invalid(`trans_id: ${billingText.paymentNotForPurchase}`, {
      trans_id: billingText.paymentNotForPurchase,
    });
  const prices = [product.actualPrice, product.discountPrice].filter((p): p is number => p !== null);
  if (!prices.some((price) => price * units === paid.amountCents)) {
    throw invalid(`trans_id: ${billingText.paymentAmountMismatch}`, {
      trans_id: billingText.paymentAmountMismatch,
    });
  }
}

/** Coworking products: everyone sees the list; staff record purchases. */
export function coworkingRoutes(app: FastifyInstance): void {
  route(app, C.getCoworkingProds, {
    access: 'user',
    transaction: false,
    audit: false,
    handler: async ({ db, body }) => {
      const rows = await coworkingProductsByPrice(db);
      const products = rows.map((p) => ({
        pcode: p.pcode,
        name: p.name,
        // disctype 2: the members' discount price where the product has one.
        actual_price: dollars(body.disctype === 2 ? (p.discountPrice ?? p.actualPrice) : p.actualPrice),
        unit: p.unit,
        description: p.description,
      }));
      return new Answer(products, '', { products });
    },
  });

  // Staff act for the account named in the body ('staff' scope): it must exist, the audit entry names it.
  route(app, C.purchaseProduct, {
    access: { account: ({ body }) => body.logname, scope: 'staff' },
    handler: async (ctx) => {
      const { db, body, caller, account } = ctx;
      const product = await coworkingProduct(db, body.pcode);
      if (!product)
        throw invalid(`pcode: ${billingText.productNotFound}`, { pcode: billingText.productNotFound });
      if (body.trans_id) await checkPayment(db, account.logname, body.trans_id, body.units, product);
      // One payment pays for one purchase: the unique index on trans_id, even for two at once.
      const id = await recordPurchase(db, {
        owner: account.logname,
        pcode: product.pcode,
        units: body.units,
        comment: body.comment,
        operator: caller.username,
        transId: body.trans_id || null,
      });
      if (id === undefined) throw conflict(billingText.paymentAlreadyUsed);
      ctx.auditDetails.purchase = id;
      return { id };
    },
  });

  route(app, C.addToAudit, {
    access: { account: ({ body }) => body.logname, scope: 'staff' },
    // route() writes the audit entry (staff call) with this message and the account.
    handler: async (ctx) => {
      ctx.auditDetails.message = ctx.body.message;
      return { logged: true };
    },
  });
}

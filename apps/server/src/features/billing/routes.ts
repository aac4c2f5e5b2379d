import type { FastifyInstance } from 'fastify';
import { cardRoutes } from './cards.ts';
import { coworkingRoutes } from './coworking.ts';
import { invoiceRoutes } from './invoices.ts';
import { paymentRoutes } from './pay.ts';
import { tokenRoutes } from './tokens.ts';

/** Routes of the billing area: stored cards, payments, invoices, recent payments, coworking. */
export function billingRoutes(app: FastifyInstance): void {
  cardRoutes(app);
  paymentRoutes(app);
  invoiceRoutes(app);
  coworkingRoutes(app);
  tokenRoutes(app);
}

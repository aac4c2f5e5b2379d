import { lazy } from 'react';
import type { Screens } from '../../app/screens.ts';

/** Screens of the billing area, loaded lazily. */
export const billingScreens: Screens = {
  'edit-cc': lazy(() => import('./edit-cc-page.tsx')),
  'make-payment': lazy(() => import('./make-payment-page.tsx')),
  'pay-form': lazy(() => import('./pay-form-page.tsx')),
  'coworking-prods': lazy(() => import('./coworking-prods-page.tsx')),
  'cowork-pay-form': lazy(() => import('./cowork-pay-form-page.tsx')),
  invoices: lazy(() => import('./invoices-page.tsx')),
  'view-invoice': lazy(() => import('./view-invoice-page.tsx')),
  'recent-payments': lazy(() => import('./recent-payments-page.tsx')),
};

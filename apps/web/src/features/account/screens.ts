import { lazy } from 'react';
import type { Screens } from '../../app/screens.ts';

/** Screens of the account area, loaded lazily. */
export const accountScreens: Screens = {
  'add-webhosting': lazy(() => import('./add-webhosting-page.tsx')),
  'add-secondaries': lazy(() => import('./add-secondaries-page.tsx')),
  'change-email-password': lazy(() => import('./change-email-password-page.tsx')),
  'change-panel-password': lazy(() => import('./change-panel-password-page.tsx')),
  'reset-panel-password': lazy(() => import('./reset-panel-password-page.tsx')),
  'reset-email-password': lazy(() => import('./reset-email-password-page.tsx')),
  'request-email-reset': lazy(() => import('./request-email-reset-page.tsx')),
  'request-panel-reset': lazy(() => import('./request-panel-reset-page.tsx')),
  'change-stmt-delivery': lazy(() => import('./change-stmt-delivery-page.tsx')),
  'billing-addr': lazy(() => import('./billing-addr-page.tsx')),
  'account-addr': lazy(() => import('./account-addr-page.tsx')),
  'api-tokens': lazy(() => import('./api-tokens-page.tsx')),
};

import { lazy } from 'react';
import type { Screens } from '../../app/screens.ts';

/** Screens of the security centre (issue 18), loaded lazily. */
export const securityScreens: Screens = {
  security: lazy(() => import('./security-page.tsx')),
  'account-activity': lazy(() => import('./account-activity-page.tsx')),
};

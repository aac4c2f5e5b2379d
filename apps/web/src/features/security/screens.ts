import type { Screens } from '../../app/screen.ts';

/** Screens of the security centre (issue 18), loaded lazily. */
export const securityScreens: Screens = {
  security: { load: () => import('./security-page.tsx') },
  'account-activity': { load: () => import('./account-activity-page.tsx') },
};

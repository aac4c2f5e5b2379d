import { lazy } from 'react';
import type { Screens } from '../../app/screens.ts';

/** Screens of the admin area, loaded lazily. */
export const adminScreens: Screens = {
  secondaries: lazy(() => import('./secondaries-page.tsx')),
  'sec-passwords': lazy(() => import('./sec-passwords-page.tsx')),
  contacts: lazy(() => import('./contacts-page.tsx')),
  'add-tc-contact': lazy(() => import('./add-contact-page.tsx')),
  'edit-tc-contact': lazy(() => import('./edit-contact-page.tsx')),
  'circuit-list': lazy(() => import('./circuits-page.tsx')),
  'ba-list': lazy(() => import('./bus-accounts-page.tsx')),
};

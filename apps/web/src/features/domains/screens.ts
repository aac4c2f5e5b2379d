import { lazy } from 'react';
import type { Screens } from '../../app/screens.ts';

const DomainList = lazy(() => import('./domain-list-page.tsx'));

/** Screens of the domains area, loaded lazily; the three list routes share one screen. */
export const domainScreens: Screens = {
  'domain-list': DomainList,
  'renew-domains': DomainList,
  'domain-permissions': DomainList,
  'domain-usage': lazy(() => import('./domain-usage-page.tsx')),
  'domain-registration': lazy(() => import('./registration-page.tsx')),
  'domain-registration-help': lazy(() => import('./registration-help-page.tsx')),
  'domain-renewal': lazy(() => import('./renewal-page.tsx')),
  'edit-domain': lazy(() => import('./edit-domain-page.tsx')),
  permissions: lazy(() => import('./permissions-page.tsx')),
  'remove-permissions': lazy(() => import('./remove-permissions-page.tsx')),
  whois: lazy(() => import('./whois-page.tsx')),
  'dom-help': lazy(() => import('./dom-help-page.tsx')),
  'dom-faq': lazy(() => import('./dom-faq-page.tsx')),
};

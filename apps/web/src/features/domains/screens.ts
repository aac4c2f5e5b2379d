import { dataFrom, type Screen, type Screens } from '../../app/screen.ts';

const api = () => import('./api.ts');

/** The three list routes share one screen, and its first data: the account's domains. */
const DomainList: Screen = {
  load: () => import('./domain-list-page.tsx'),
  data: dataFrom(api, (api, { client, user }) => [client.ensureQueryData(api.domainsQuery(user))]),
};

/** Screens of the domains area, loaded lazily, with their first data. */
export const domainScreens: Screens = {
  'domain-list': DomainList,
  'renew-domains': DomainList,
  'domain-permissions': DomainList,
  'domain-usage': {
    load: () => import('./domain-usage-page.tsx'),
    data: dataFrom(api, (api, { client, user }) => [client.ensureQueryData(api.domainUsageQuery(user))]),
  },
  'domain-registration': { load: () => import('./registration-page.tsx') },
  'domain-registration-help': { load: () => import('./registration-help-page.tsx') },
  'domain-renewal': {
    load: () => import('./renewal-page.tsx'),
    data: dataFrom(api, (api, { client, params }) => [
      client.ensureQueryData(api.renewalStatusQuery(params.domain ?? '')),
    ]),
  },
  'edit-domain': {
    load: () => import('./edit-domain-page.tsx'),
    data: dataFrom(api, (api, { client, params }) => [
      client.ensureQueryData(api.domainStatusQuery(params.domain ?? '')),
    ]),
  },
  permissions: {
    load: () => import('./permissions-page.tsx'),
    data: dataFrom(api, (api, { client, params }) => [
      client.ensureQueryData(api.domainAdminsQuery(params.domain ?? '')),
    ]),
  },
  'remove-permissions': { load: () => import('./remove-permissions-page.tsx') },
  whois: { load: () => import('./whois-page.tsx') },
  'dom-help': { load: () => import('./dom-help-page.tsx') },
  'dom-faq': { load: () => import('./dom-faq-page.tsx') },
};

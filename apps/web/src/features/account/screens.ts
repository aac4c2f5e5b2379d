import { dataFrom, infoAccount, roleOf, type Screens } from '../../app/screen.ts';
import { session } from '../../app/session.ts';

const api = () => import('./api.ts');

/** Screens of the account area, loaded lazily, with their first data. */
export const accountScreens: Screens = {
  'add-webhosting': {
    load: () => import('./add-webhosting-page.tsx'),
    data: dataFrom(api, (api, { client, user }) => [client.ensureQueryData(api.emptyDomainsQuery(user))]),
  },
  'add-secondaries': {
    load: () => import('./add-secondaries-page.tsx'),
    // The role (a Secondary is refused the screen) and, for staff, the pending requests.
    data: dataFrom(api, (api, ctx) => [
      roleOf(ctx),
      ...(session.get().staff ? [ctx.client.ensureQueryData(api.pendingSecondaryRequestsQuery())] : []),
    ]),
  },
  'change-email-password': { load: () => import('./change-email-password-page.tsx') },
  'change-panel-password': { load: () => import('./change-panel-password-page.tsx') },
  'reset-panel-password': { load: () => import('./reset-panel-password-page.tsx') },
  'reset-email-password': { load: () => import('./reset-email-password-page.tsx') },
  'request-email-reset': { load: () => import('./request-email-reset-page.tsx') },
  'request-panel-reset': { load: () => import('./request-panel-reset-page.tsx') },
  'change-stmt-delivery': {
    load: () => import('./change-stmt-delivery-page.tsx'),
    // A Secondary is refused the screen: nothing to ask for.
    data: dataFrom(api, async (api, ctx) =>
      (await roleOf(ctx))?.account_role === 'Secondary'
        ? []
        : [ctx.client.ensureQueryData(api.statementQuery(ctx.user))],
    ),
  },
  'billing-addr': {
    load: () => import('./billing-addr-page.tsx'),
    // Billing stays with the current user, and a Secondary never sees it (address-form.tsx).
    data: dataFrom(api, async (api, ctx) =>
      (await roleOf(ctx))?.account_role === 'Secondary'
        ? []
        : [ctx.client.ensureQueryData(api.accountAddressQuery('bill', ctx.user))],
    ),
  },
  'account-addr': {
    load: () => import('./account-addr-page.tsx'),
    data: dataFrom(api, async (api, ctx) => [
      ctx.client.ensureQueryData(api.accountAddressQuery('account', (await infoAccount(ctx)).account)),
    ]),
  },
  'api-tokens': {
    load: () => import('./api-tokens-page.tsx'),
    data: dataFrom(api, (api, { client, user }) => [client.ensureQueryData(api.apiTokensQuery(user))]),
  },
  'mail-app-passwords': {
    load: () => import('./mail-app-passwords-page.tsx'),
    data: dataFrom(api, (api, { client, user }) => [client.ensureQueryData(api.mailAppPasswordsQuery(user))]),
  },
  notifications: {
    load: () => import('./notifications-page.tsx'),
    data: dataFrom(api, (api, { client, user }) => [
      client.ensureQueryData(api.noticePreferencesQuery(user)),
    ]),
  },
};

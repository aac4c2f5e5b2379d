import { dataFrom, infoAccount, type Screens } from '../../app/screen.ts';

const api = () => import('./api.ts');

/** Screens of the admin area, loaded lazily, with their first data. */
export const adminScreens: Screens = {
  secondaries: {
    load: () => import('./secondaries-page.tsx'),
    data: dataFrom(api, (api, { client, user }) => [client.ensureQueryData(api.secondariesQuery(user))]),
  },
  'sec-passwords': {
    load: () => import('./sec-passwords-page.tsx'),
    data: dataFrom(api, (api, { client, user }) => [client.ensureQueryData(api.secondariesQuery(user))]),
  },
  contacts: {
    load: () => import('./contacts-page.tsx'),
    data: dataFrom(api, async (api, ctx) => [
      ctx.client.ensureQueryData(api.contactsQuery((await infoAccount(ctx)).account)),
    ]),
  },
  'add-tc-contact': { load: () => import('./add-contact-page.tsx') },
  'edit-tc-contact': { load: () => import('./edit-contact-page.tsx') },
  'circuit-list': {
    load: () => import('./circuits-page.tsx'),
    data: dataFrom(api, async (api, ctx) => [
      ctx.client.ensureQueryData(api.circuitsQuery((await infoAccount(ctx)).account)),
    ]),
  },
  'ba-list': {
    load: () => import('./bus-accounts-page.tsx'),
    data: dataFrom(api, async (api, ctx) => [
      ctx.client.ensureQueryData(api.busAccountsQuery((await infoAccount(ctx)).account)),
    ]),
  },
};

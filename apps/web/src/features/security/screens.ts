import { dataFrom, type Screens } from '../../app/screen.ts';

const api = () => import('./api.ts');

/** Screens of the security centre, loaded lazily, with their first data. */
export const securityScreens: Screens = {
  security: {
    load: () => import('./security-page.tsx'),
    // The panels' lists: the second factor, passkeys, sessions and sign-ins of the account shown.
    data: dataFrom(
      async () => Promise.all([api(), import('./passkey-api.ts')]),
      ([security, passkeys], { client, user }) => [
        client.ensureQueryData(security.secondFactorQuery(user)),
        client.ensureQueryData(passkeys.passkeysQuery(user)),
        client.ensureQueryData(security.sessionsQuery(user)),
        client.ensureQueryData(security.signInsQuery(user)),
      ],
    ),
  },
  'account-activity': {
    load: () => import('./account-activity-page.tsx'),
    data: dataFrom(api, (api, { client, user }) => [client.ensureQueryData(api.activityQuery(user, '', 1))]),
  },
};

import type { RouteName } from '@portal/contract/routes';
import type { ComponentType } from 'react';
import { accountScreens } from '../features/account/screens.ts';
import { adminScreens } from '../features/admin/screens.ts';
import { billingScreens } from '../features/billing/screens.ts';
import { domainScreens } from '../features/domains/screens.ts';
import { hostingScreens } from '../features/hosting/screens.ts';
import { mailScreens } from '../features/mail/screens.ts';
import { shellScreens } from '../features/shell/screens.ts';
import { toolScreens } from '../features/tools/screens.ts';

export type Screens = Partial<Record<RouteName, ComponentType>>;

/** Every route's screen; each area lists its own (lazily loaded) in features/<area>/screens.ts. */
export const SCREENS: Screens = {
  ...shellScreens,
  ...accountScreens,
  ...billingScreens,
  ...domainScreens,
  ...mailScreens,
  ...hostingScreens,
  ...adminScreens,
  ...toolScreens,
};

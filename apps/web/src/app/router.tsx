import { ROUTES } from '@portal/contract/routes';
import { createBrowserRouter, Navigate } from 'react-router';
import { lazy } from 'react';
import { SCREENS } from './screens.ts';

const UnimplementedPage = lazy(() => import('../features/shell/unimplemented-page.tsx'));
import { Shell } from './shell.tsx';

/** The route table of spec 000 §2 under /portal/; any other path redirects home. */
export const router = createBrowserRouter(
  [
    {
      element: <Shell />,
      children: [
        ...ROUTES.map((r) => {
          const Screen = SCREENS[r.name] ?? UnimplementedPage;
          return { path: r.path, element: <Screen /> };
        }),
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ],
  { basename: '/portal' },
);

import './app/base-styles.ts';
import './app/global.css';
import {
  type CSSVariablesResolver,
  createTheme,
  localStorageColorSchemeManager,
  MantineProvider,
} from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { language, startLanguage, useLanguage } from './app/language.ts';
import { createQueryClient } from './app/query-client.ts';
import { AppRouter } from './app/router.tsx';
import { preloadScreen } from './app/screen-route.tsx';
import { mantineScheme, resolvedScheme, session } from './app/session.ts';
import { accountRoleQuery } from './app/shared-queries.ts';
import { loadSignedInShell } from './app/shell.tsx';

const queryClient = createQueryClient();

const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 8 keeps white-on-primary and primary-on-white above WCAG AA contrast.
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    // A closed Select's option list is not rendered (Mantine keeps it mounted, hidden): Floating UI
    // positioned every hidden list when its screen first rendered, forcing style recalculations
    // and layouts in that render's long task. The list is rendered and positioned when opened.
    Select: { defaultProps: { comboboxProps: { keepMounted: false } } },
    // A dialog's header is a <header>, which outside sectioning content is a second `banner`
    // landmark beside the top bar's while the dialog is open: a plain element instead.
    ModalHeader: { defaultProps: { component: 'div' } },
    // Radios of 24 px rather than 20 (WCAG 2.2's smallest target size); their labels take clicks too.
    Radio: { defaultProps: { size: 'md' } },
  },
});

// Colours Mantine's palette leaves below WCAG AA (4.5:1) for normal-size text:
// - dimmed text (gray 6, 3.3:1 on white): help texts, table notes, input descriptions; gray 7 is 7:1;
// - coloured text on its light background (alert titles, light buttons): shade 8 is 2.3:1 (yellow)
//   to 4.5:1 (blue); shade 9, or a darker tone where shade 9 is not enough, is 4.6:1 or more;
// - white on filled orange (3.6:1): a deeper orange, 5.2:1, in both schemes.
const orangeFilled = {
  '--mantine-color-orange-filled': '#c2410c',
  '--mantine-color-orange-filled-hover': '#9a3412',
};
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-yellow-light-color': '#8a5000',
    '--mantine-color-orange-light-color': '#a63b00',
    '--mantine-color-green-light-color': '#1e6b2f',
    '--mantine-color-blue-light-color': 'var(--mantine-color-blue-9)',
    '--mantine-color-red-light-color': 'var(--mantine-color-red-9)',
    '--mantine-color-teal-light-color': 'var(--mantine-color-teal-9)',
    '--mantine-color-cyan-light-color': 'var(--mantine-color-cyan-9)',
    // Inline error texts: Mantine's red 6 (#fa5252) is 3.3:1 on white; red 9 is 5.6:1.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...orangeFilled,
  },
  // Red 8 (#e03131) is 3.4:1 on the dark body; red 4 is 6.3:1.
  dark: { ...orangeFilled, '--mantine-color-error': 'var(--mantine-color-red-4)' },
});

// The stored mode wins at start ('system' follows the device); the shell keeps Mantine's scheme in
// step with the session. The scheme is on the page before React renders anything, so the first
// paint of a dark device or a dark choice is dark, not light and then dark.
const mode = session.get().mode;
localStorage.setItem('mantine-color-scheme-value', mantineScheme(mode));
document.documentElement.setAttribute('data-mantine-color-scheme', resolvedScheme(mode));

// A language other than English loads its catalogues first (docs/languages.md); English waits for
// nothing. The calls below already ask for it.
const languageLoaded = startLanguage().catch(() => {});

// Signed in, the first screen needs the signed-in shell and the screen of the address: both start
// downloading now, side by side, rather than the screen only once the shell has rendered (the
// preload script of index.html has usually asked for their files already). The account's role,
// which many screens wait for before asking for their own data, is asked for at the same time,
// and so is the screen's own first data (its manifest entry's `data`, app/screens.ts).
if (session.get().loggedIn) {
  void loadSignedInShell();
  const path = window.location.pathname.replace(/^\/portal/, '') || '/';
  const user = session.get().currentUser;
  void queryClient.prefetchQuery(accountRoleQuery(user));
  preloadScreen(path, { client: queryClient, user });
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
/** The router again from the top when the language changes: every screen renders in the new one. */
function InLanguage() {
  return <AppRouter key={useLanguage()} />;
}
void languageLoaded.then(() => {
  // What the server wrote in one language (a payment's "paid for", dates in words) is asked for
  // again in the next: cached answers are refetched when the page's language changes.
  language.subscribe(() => void queryClient.invalidateQueries());
  createRoot(root).render(
    <StrictMode>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        colorSchemeManager={localStorageColorSchemeManager()}
        defaultColorScheme={mantineScheme(mode)}
      >
        <QueryClientProvider client={queryClient}>
          <InLanguage />
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
});

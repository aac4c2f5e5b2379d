import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { NAV, type NavLabel, navLabel } from './nav.ts';
import { routeAt } from './route-match.ts';
import { useLanguage } from './language.ts';
import { useSession } from './session.ts';

/** The sidebar's label of each route it links to: the name a customer knows the screen by. */
const NAV_LABELS = new Map<string, NavLabel>(
  NAV.flatMap((g) => g.items.flatMap((i) => (i.route ? [[i.route, i.label] as const] : []))),
);

/** A route's name as words, for screens the sidebar does not list ("edit-domain" → "Edit domain"). */
const words = (name: string) => {
  const s = name.replace(/-/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
};

/**
 * The browser tab's title of a path: the screen, what it is about (the domain, the alias…) and
 * the portal's title; home is the portal's title alone.
 */
export function screenTitle(pathname: string, portalTitle: string): string {
  const r = routeAt(pathname);
  if (!r || r.name === 'home' || r.name === 'home-alias') return portalTitle;
  const known = NAV_LABELS.get(r.name);
  const label = known ? navLabel(known) : words(r.name);
  const about = Object.values(r.params).filter(Boolean).join(' ');
  return `${about && !NAV_LABELS.has(r.name) ? `${label}: ${about}` : label} – ${portalTitle}`;
}

/** Keeps the browser tab's title on the current screen (per-screen titles, in history too). */
export function useScreenTitle(): void {
  const { pathname } = useLocation();
  const { title } = useSession();
  const language = useLanguage();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the title is written again in a new language
  useEffect(() => {
    document.title = screenTitle(pathname, title);
  }, [pathname, title, language]);
}

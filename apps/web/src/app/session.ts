import type { ColorMode } from '@portal/contract/constants';
import { isStaffRole } from '@portal/contract/constants';
import { commonText } from '@portal/contract/messages';
import { t } from './language.ts';
import { type ReactNode, useSyncExternalStore } from 'react';

/** The status message: shown as a modal, a notice bar, or the thank-you page. */
export type StatusType = 'modal' | 'review' | 'reset' | 'thankyou';
export type AlertKind = 'info' | 'serious' | 'warning' | 'info-left';
export interface StatusMessage {
  title: string;
  /**
   * What the message says: texts and elements, which React escapes. Markup that comes from the
   * server (a staff note) is passed as `<SafeHtml html={…} />`, the one place it is sanitised.
   */
  body: ReactNode;
  type: StatusType;
  alert?: AlertKind;
  footer?: string;
  menu?: Array<{ name: string; url: string }>;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Set when shown, for the thank-you page's date. */
  at?: number;
  /** The address it was shown at: a notice belongs to that page and goes when the user leaves it. */
  path?: string;
}

export interface SessionState {
  jwt: string | null;
  operator: string;
  currentUser: string;
  replyTo: string;
  loggedIn: boolean;
  /** The stored preference: light, dark, or 'system' (follow the device's dark setting). */
  mode: ColorMode;
  staff: boolean;
  role: string;
  banner: string;
  status: StatusMessage | null;
  /** The portal's title (PORTAL_TITLE on the server): top bar, browser tab, signed-out banner. */
  title: string;
}

/** The title until the server's is known (the server's default PORTAL_TITLE). */
export const DEFAULT_TITLE = 'Members Portal (beta)';
const KEYS = ['id_token', 'current_user', 'operator', 'reply_to', 'logged_in', 'mode'] as const;

interface Claims {
  username: string;
  altuser: string;
  role: string;
  exp: number;
}
/**
 * The token's claims, read without checking its signature (the server checks it on every call).
 * Not jose's decodeJwt: it adds 0.5 KB gzip to the first screen's entry, which is at its budget
 * (docs/decisions/061-web-platform.md).
 */
export function decodeToken(jwt: string): Claims | null {
  try {
    const payload = jwt.split('.')[1];
    if (payload === undefined) return null;
    const part = payload.replace(/-/g, '+').replace(/_/g, '/');
    const c = JSON.parse(atob(part)) as Claims;
    return typeof c.username === 'string' ? c : null;
  } catch {
    return null;
  }
}

/** Nothing stored (a first visit) or an unknown value follows the device until the user picks a mode. */
function storedMode(v: string): ColorMode {
  return v === 'dark' || v === 'light' ? v : 'system';
}

const darkQuery = '(prefers-color-scheme: dark)';
/** The scheme shown for a preference: 'system' reads the device's setting now. */
export function resolvedScheme(mode: ColorMode): 'light' | 'dark' {
  if (mode !== 'system') return mode;
  return typeof matchMedia === 'function' && matchMedia(darkQuery).matches ? 'dark' : 'light';
}
/** Mantine's name for the preference ('auto' follows the device and its changes). */
export const mantineScheme = (mode: ColorMode) => (mode === 'system' ? 'auto' : mode);

function restore(): SessionState {
  const get = (k: (typeof KEYS)[number]) => localStorage.getItem(k) ?? '';
  const jwt = get('id_token') || null;
  const claims = jwt ? decodeToken(jwt) : null;
  const loggedIn = !!claims && get('logged_in') === 'true';
  const username = loggedIn ? (claims?.username ?? '') : '';
  return {
    jwt: loggedIn ? jwt : null,
    operator: loggedIn ? get('operator') || username : '',
    currentUser: loggedIn ? get('current_user') || username : '',
    replyTo: loggedIn ? get('reply_to') : '',
    loggedIn,
    mode: storedMode(get('mode')),
    staff: loggedIn && isStaffRole(claims?.role),
    role: claims?.role ?? '',
    banner: loggedIn ? t(commonText).loggedIn(username) : DEFAULT_TITLE,
    status: null,
    title: DEFAULT_TITLE,
  };
}

let state: SessionState = restore();
const listeners = new Set<() => void>();

function persist(s: SessionState): void {
  const values: Record<(typeof KEYS)[number], string | null> = {
    id_token: s.jwt,
    current_user: s.currentUser || null,
    operator: s.operator || null,
    reply_to: s.replyTo || null,
    logged_in: s.loggedIn ? 'true' : null,
    mode: s.mode,
  };
  for (const k of KEYS) {
    const v = values[k];
    if (v === null) localStorage.removeItem(k);
    else localStorage.setItem(k, v);
  }
}

export const session = {
  get: (): SessionState => state,
  set(patch: Partial<SessionState>): void {
    // An answer that changes nothing (the stored display mode confirmed at start) re-renders nothing:
    // every screen reads the session.
    const keys = Object.keys(patch) as Array<keyof SessionState>;
    if (keys.every((k) => Object.is(state[k], patch[k]))) return;
    state = { ...state, ...patch };
    persist(state);
    for (const l of listeners) l();
  },
  subscribe(l: () => void): () => void {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  login(jwt: string, billEmail: string, mode: ColorMode): void {
    const claims = decodeToken(jwt);
    if (!claims) return;
    session.set({
      jwt,
      operator: claims.username,
      currentUser: claims.username,
      replyTo: billEmail,
      loggedIn: true,
      mode,
      staff: isStaffRole(claims.role),
      role: claims.role,
      banner: t(commonText).loggedIn(claims.username),
      status: null,
    });
  },
  /** The session-expired action: clears token and user data, banner 'Logged Out'. */
  expire(): void {
    session.set({
      jwt: null,
      operator: '',
      currentUser: '',
      replyTo: '',
      loggedIn: false,
      staff: false,
      role: '',
      banner: t(commonText).loggedOut,
      status: null,
    });
  },
  logout(): void {
    session.set({
      jwt: null,
      operator: '',
      currentUser: '',
      replyTo: '',
      loggedIn: false,
      staff: false,
      role: '',
      banner: t(commonText).logoutMessage,
      status: null,
    });
  },
};

/**
 * Sets the portal's title: the top bar and the banner while it shows the title. The browser tab's
 * title is the shells' to write (the screen's name while signed in), from this state.
 */
export function setPortalTitle(title: string): void {
  if (title === state.title) return;
  session.set({ title, ...(state.banner === state.title ? { banner: title } : {}) });
}

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get);
}

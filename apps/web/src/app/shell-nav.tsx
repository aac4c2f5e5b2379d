import {
  Accordion,
  Button,
  Group,
  Menu,
  Modal,
  NavLink,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { commonText } from '@portal/contract/messages';
import { routePath } from '@portal/contract/routes';
import { shellText } from '@portal/contract/shell/messages';
import { ACCOUNT_SEARCH_LIMIT } from '@portal/contract/session/call-refs';
import { LOOKUP_LOGNAME_UID, POPUP_NOTE, SEARCH_ACCOUNTS } from '@portal/contract/session/typed-refs';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ApiError, call } from './api.ts';
import { isRouteAt as isCurrent } from './route-match.ts';
import { t, useLanguage } from './language.ts';
import { ADMIN_TOOLS, NAV, type NavItem, navItemShown, navLabel, RESOURCES } from './nav.ts';
import { session, useSession } from './session.ts';
import { useAccountRole, useUrls } from './shared-queries.ts';
import { useStatus } from './status.ts';
import { SafeHtml } from '../ui/safe-html.tsx';

/**
 * The signed-in shell's navigation: the sidebar (accordion), the Admin Tools and Resources menus
 * (Floating UI) and the staff search. A chunk of its own, loaded by signed-in-shell.tsx once the
 * navigation can be seen (desktop width, or the sidebar opened on a phone): on a phone's first
 * screen it is neither downloaded nor rendered.
 */

/** Accordion values become element ids: no spaces. */
const slug = (label: string) => label.toLowerCase().replace(/[^a-z0-9]+/g, '-');

function useLinks() {
  const { data } = useUrls();
  return data?.links ?? {};
}

function MenuItems({ items }: { items: NavItem[] }) {
  const { staff } = useSession();
  useLanguage();
  const links = useLinks();
  return (
    <>
      {items
        .filter((i) => navItemShown(i, { staff, scopes: [] }))
        .map((i) =>
          i.route ? (
            <Menu.Item key={i.label} component={Link} to={routePath(i.route, i.params)}>
              {navLabel(i.label)}
            </Menu.Item>
          ) : (
            <Menu.Item
              key={i.label}
              component="a"
              href={links[i.link ?? ''] ?? '#'}
              target="_blank"
              rel="noopener noreferrer"
            >
              {navLabel(i.label)}
            </Menu.Item>
          ),
        )}
    </>
  );
}

/** Staff search, Admin Tools and Resources: in the top bar when wide, else atop the sidebar. */
export function TopBarExtras({ stacked = false }: { stacked?: boolean }) {
  const s = useSession();
  useLanguage();
  return (
    <Group gap="xs" wrap={stacked ? 'wrap' : 'nowrap'}>
      {s.staff && <StaffSearch />}
      {s.staff && (
        <Menu>
          <Menu.Target>
            <Button variant="subtle" size="compact-sm">
              {t(shellText).adminTools}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <MenuItems items={ADMIN_TOOLS} />
          </Menu.Dropdown>
        </Menu>
      )}
      <Menu>
        <Menu.Target>
          <Button variant="subtle" size="compact-sm">
            {t(shellText).resources}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <MenuItems items={RESOURCES} />
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

type Found = { logname: string; name: string; bill_email: string; domain: string };

/**
 * Staff search: a found account becomes the current user; its popup note is shown. The exact
 * logname or uid first (the spec's call); otherwise part of a name, billing email or domain finds
 * the accounts that match: one is taken at once, several are offered to choose from.
 */
function StaffSearch() {
  useLanguage();
  const [text, setText] = useState('');
  const [choices, setChoices] = useState<Found[] | null>(null);
  const showStatus = useStatus();
  const switchTo = async (logname: string, billEmail: string) => {
    session.set({ currentUser: logname, replyTo: billEmail, banner: session.get().title, status: null });
    setText('');
    setChoices(null);
    const note = await call(POPUP_NOTE, { params: { logname } }).catch(() => null);
    if (note?.data.note) {
      showStatus({
        title: t(shellText).noteFor(logname),
        // The note is markup a staff member wrote: sanitised, the one status body that is markup.
        body: <SafeHtml html={note.data.note} />,
        footer: t(shellText).noteModified(note.data.lastmod),
        alert: 'warning',
      });
    }
  };
  const search = async (userContent: string): Promise<Found[]> => {
    if (userContent.length < 2) return [];
    const found = await call(SEARCH_ACCOUNTS, { params: { text: userContent } });
    return found.data;
  };
  const find = async (e: FormEvent) => {
    e.preventDefault();
    const userContent = text.trim();
    if (!userContent) return;
    try {
      const found = await call(LOOKUP_LOGNAME_UID, {
        params: { text: userContent },
      });
      await switchTo(found.data.logname, found.data.bill_email);
    } catch (err) {
      if (!(err instanceof ApiError && err.code === 'not_found')) {
        // An expired session has been signed out by call() already. Any other refusal (a staff
        // member still to set up a second factor, too many searches, the network) is shown with
        // the server's reason: nobody is signed out for it.
        if (!(err instanceof ApiError && err.kind === 'expired'))
          session.set({ banner: err instanceof Error ? err.message : String(err) });
        return;
      }
      const matches = await search(userContent).catch(() => []);
      const [only, ...more] = matches;
      if (only && !more.length) await switchTo(only.logname, only.bill_email);
      else if (more.length) setChoices(matches);
      else session.set({ banner: t(commonText).userNotFound(userContent) });
    }
  };
  return (
    <search>
      <form onSubmit={find}>
        <Group gap={4} wrap="nowrap">
          <TextInput
            size="xs"
            placeholder={t(shellText).lognameOrUid}
            aria-label={t(shellText).lognameOrUid}
            title={t(shellText).searchHint}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            w={140}
          />
          <Button size="xs" type="submit">
            {t(shellText).findAccount}
          </Button>
        </Group>
      </form>
      <Modal
        opened={!!choices}
        onClose={() => setChoices(null)}
        title={<Text fw={700}>{t(shellText).chooseAccount}</Text>}
      >
        <Stack gap={4}>
          {choices?.map((c) => (
            <UnstyledButton
              key={c.logname}
              onClick={() => switchTo(c.logname, c.bill_email)}
              p="xs"
              style={{
                borderRadius: 'var(--mantine-radius-sm)',
                border: '1px solid var(--mantine-color-default-border)',
              }}
            >
              <Text fw={700} size="sm">
                {c.logname}
              </Text>
              <Text size="sm">{[c.name, c.bill_email, c.domain].filter(Boolean).join(' · ')}</Text>
            </UnstyledButton>
          ))}
        </Stack>
        {choices?.length === ACCOUNT_SEARCH_LIMIT && (
          <Text size="sm" c="dimmed" mt="xs">
            {t(shellText).firstMatches(ACCOUNT_SEARCH_LIMIT)}
          </Text>
        )}
      </Modal>
    </search>
  );
}

/** The sidebar: the group of the current page is open, and follows it as the user moves on. */
export function Sidebar() {
  const { staff } = useSession();
  useLanguage();
  const role = useAccountRole();
  const scopes = role.data?.scopes;
  const location = useLocation();
  const links = useLinks();
  const active = NAV.find((g) =>
    g.items.some((i) => i.route && isCurrent(i.route, location.pathname)),
  )?.label;
  const [open, setOpen] = useState<string | null>(() => slug(active ?? 'Home'));
  // A group's links are rendered once it has been opened, not for every closed group at start
  // (some sixty links): a closed panel shows nothing, and an opened one keeps its links so that it
  // closes as it always did.
  const [opened, setOpened] = useState(() => new Set(open ? [open] : []));
  const toggle = (value: string | null) => {
    setOpen(value);
    if (value && !opened.has(value)) setOpened((o) => new Set(o).add(value));
  };
  // A page reached by a link elsewhere (home, a button, the address bar) opens its group.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the page, not the toggle
  useEffect(() => {
    if (active) toggle(slug(active));
  }, [active]);
  const shown = (i: NavItem) => navItemShown(i, { staff, scopes });
  return (
    <Accordion value={open} onChange={toggle} variant="filled" chevronPosition="right">
      {NAV.filter((group) => group.items.some(shown)).map((group) => (
        <Accordion.Item key={group.label} value={slug(group.label)}>
          <Accordion.Control>{navLabel(group.label)}</Accordion.Control>
          <Accordion.Panel>
            {opened.has(slug(group.label)) &&
              group.items
                .filter(shown)
                .map((i) =>
                  i.route ? (
                    <NavLink
                      key={i.label}
                      component={Link}
                      to={routePath(i.route, i.params)}
                      label={navLabel(i.label)}
                      active={isCurrent(i.route, location.pathname)}
                    />
                  ) : (
                    <NavLink
                      key={i.label}
                      component="a"
                      href={links[i.link ?? ''] ?? '#'}
                      target="_blank"
                      rel="noopener noreferrer"
                      label={`${navLabel(i.label)} ↗`}
                    />
                  ),
                )}
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

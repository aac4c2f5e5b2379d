import { Button, Group, SimpleGrid, Text } from '@mantine/core';
import { hostingText } from '@portal/contract/hosting/messages';
import { routePath } from '@portal/contract/routes';
import { Fragment, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { failureText } from '../../app/api.ts';
import { t } from '../../app/language.ts';
import { ReadOnlyNote } from '../../app/read-only-note.tsx';
import { useSession } from '../../app/session.ts';
import { useInfoAccount } from '../../app/shared-queries.ts';
import { Page } from '../../ui/page.tsx';
import { useOnUserChange } from './api.ts';

/**
 * What a site's screen (Edit Website, Devsite Info) works on: the site of the address (`vid`) in the
 * account shown (useInfoAccount), and `back` to the site's list, where the screen also goes when
 * the account worked on changes while it is open.
 */
export function useSiteScreen(list: 'websites' | 'devsites') {
  const { vid = '' } = useParams();
  const { currentUser } = useSession();
  const { account, readOnly, ready } = useInfoAccount();
  const navigate = useNavigate();
  const back = () => navigate(routePath(list));
  useOnUserChange(currentUser, back);
  return { vid, account, readOnly, ready, back };
}

/**
 * The screens of one site (Edit Website, Devsite Info): a dashboard admin sees its primary's site
 * read only, with the note saying so; a site that did not load leaves the server's words in
 * place of its details.
 */
export function SiteScreen({
  title,
  account,
  readOnly,
  site,
  children,
}: {
  title: string;
  account: string;
  readOnly: boolean;
  /** The query of the site's details. */
  site: { isError: boolean; error: unknown };
  children: ReactNode;
}) {
  return (
    <Page title={title} width={720}>
      {readOnly && <ReadOnlyNote account={account} />}
      {site.isError && <Text c="dimmed">{failureText(site.error, 'message-and-fields')}</Text>}
      {children}
    </Page>
  );
}

/** One line of a site's details; a name or a path (`long`) may break anywhere on a phone. */
export interface SiteFact {
  label: string;
  value: ReactNode;
  long?: boolean;
  testId?: string;
}

/** A site's details: each label beside its value, one under the other on a phone. */
export function SiteFacts({ facts }: { facts: SiteFact[] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={4}>
      {facts.map((fact) => (
        <Fragment key={fact.label}>
          <Text fw={700}>{fact.label}</Text>
          <Text style={fact.long ? { overflowWrap: 'anywhere' } : undefined} data-testid={fact.testId}>
            {fact.value}
          </Text>
        </Fragment>
      ))}
    </SimpleGrid>
  );
}

/** What a read-only site screen offers: back to its list. */
export function BackOnly({ onBack }: { onBack: () => void }) {
  return (
    <Group>
      <Button variant="default" onClick={onBack}>
        {t(hostingText).back}
      </Button>
    </Group>
  );
}

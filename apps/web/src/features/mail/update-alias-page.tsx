import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { mailScreenText, mailText } from '@portal/contract/mail/messages';
import { routePath } from '@portal/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { failureText } from '../../app/api.ts';
import { t } from '../../app/language.ts';
import { useShowFailure, useStatus } from '../../app/status.ts';
import { Page } from '../../ui/page.tsx';
import { TargetsField } from './alias-form.tsx';
import { aliasDestsQuery, useUpdateAlias } from './api.ts';
import { ALIAS_FIELDS } from './create-alias-page.tsx';

/** Change the targets of an alias; the catch-all is read-only. */
export default function UpdateAliasPage() {
  const { domain = '', src = '' } = useParams();
  const navigate = useNavigate();
  const showStatus = useStatus();
  const showFailure = useShowFailure();
  const catchAll = src === '*';
  const dests = useQuery({
    ...aliasDestsQuery(domain, src),
    enabled: !catchAll,
    retry: false,
    meta: {
      failure: (err) => ({
        title: t(mailText).notFoundAlias,
        body: failureText(err, 'fields'),
        alert: 'warning',
      }),
    },
  });
  const [targets, setTargets] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const back = routePath('email-aliases', { domain });

  useEffect(() => {
    if (dests.data && targets === null) setTargets(dests.data.dst_list.join('\n'));
  }, [dests.data, targets]);

  // A missing alias: back to the list, under the pop-up its query's failure opened.
  useEffect(() => {
    if (dests.error) navigate(back, { replace: true });
  }, [dests.error, navigate, back]);

  const change = useUpdateAlias({
    onSuccess: (res) => {
      navigate(back);
      // The title from the answer's data, in the page's language (the API's message is English).
      showStatus({
        title: t(mailText).updated(res.data.address),
        body: res.data.dst_list.join(', '),
        type: 'review',
      });
    },
    onError: (err) => showFailure(err, { title: t(mailText).failedUpdate, setErrors, fields: ALIAS_FIELDS }),
  });

  const m = t(mailScreenText);
  return (
    <Page title={m.changeAliasTitle} width={640}>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="alias-address">
        {src}@{domain}
      </Text>
      {catchAll ? (
        <>
          <Alert color="yellow">{t(mailText).catchAll}</Alert>
          <Group>
            <Button variant="default" component={Link} to={back}>
              {m.back}
            </Button>
          </Group>
        </>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setErrors({});
            change.mutate({ src_user: src, src_domain: domain, targets: targets ?? '' });
          }}
          noValidate
        >
          <Stack>
            <TargetsField value={targets ?? ''} onChange={setTargets} error={errors.targets} />
            <Group>
              <Button type="submit" loading={change.isPending} disabled={targets === null}>
                {m.change}
              </Button>
              <Button variant="default" component={Link} to={back}>
                {m.cancel}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Page>
  );
}

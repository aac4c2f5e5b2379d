import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { mailScreenText, mailText } from '@portal/contract/mail/messages';
import { routePath } from '@portal/contract/routes';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { t } from '../../app/language.ts';
import { useShowFailure, useStatus } from '../../app/status.ts';
import { Page } from '../../ui/page.tsx';
import { TargetsField } from './alias-form.tsx';
import { useAddAlias } from './api.ts';
import { useSession } from '../../app/session.ts';

/** The fields of the alias forms; an error of another field (src_domain) is told in the pop-up. */
export const ALIAS_FIELDS = ['src_user', 'targets'] as const;

/** Add an alias to a domain: a name and its targets (the server decides what is valid). */
export default function CreateAliasPage() {
  const { src_domain: domain = '' } = useParams();
  const { currentUser } = useSession();
  const navigate = useNavigate();
  const showStatus = useStatus();
  const showFailure = useShowFailure();
  const [name, setName] = useState('');
  const [targets, setTargets] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const back = routePath('email-aliases', { domain });

  const add = useAddAlias(currentUser, {
    onSuccess: (res) => {
      navigate(back);
      // The title from the answer's data, in the page's language (the API's message is English).
      showStatus({
        title: t(mailText).added(res.data.address),
        body: res.data.dst_list.join(', '),
        type: 'review',
      });
    },
    // A field's error beside the field, once; 'Addition Failed' only for what belongs to no field.
    onError: (err) =>
      showFailure(err, { title: t(mailText).additionFailed, setErrors, fields: ALIAS_FIELDS }),
  });

  const m = t(mailScreenText);
  return (
    <Page title={m.addAliasTitle} width={640}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setErrors({});
          add.mutate({ src_user: name, src_domain: domain, targets });
        }}
        noValidate
      >
        <Stack>
          <TextInput
            label={m.aliasName}
            withAsterisk
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.src_user}
            rightSection={
              <Text size="sm" pr="xs" c="var(--mantine-color-text)">
                @{domain}
              </Text>
            }
            rightSectionWidth={Math.min(260, domain.length * 8 + 30)}
            autoCapitalize="none"
          />
          <TargetsField value={targets} onChange={setTargets} error={errors.targets} />
          <Group>
            <Button type="submit" loading={add.isPending}>
              {m.addAlias}
            </Button>
            <Button variant="default" component={Link} to={back}>
              {m.cancel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Page>
  );
}

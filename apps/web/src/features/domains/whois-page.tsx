import { Alert, Button, Code, Group, TextInput } from '@mantine/core';
import { whois } from '@portal/contract/domains/calls';
import { commonText } from '@portal/contract/messages';
import { routePath } from '@portal/contract/routes';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { domainText } from '@portal/contract/domains/messages';
import { domainScreenText } from '@portal/contract/domains/screen-messages';
import { call, failureText } from '../../app/api.ts';
import { t } from '../../app/language.ts';
import { Page } from '../../ui/page.tsx';

/** The literal route parameter that means "no domain". */
const NO_DOMAIN = 'domain';

/** Whois lookup: prefilled and looked up at once from the route parameter. */
export default function WhoisPage() {
  const { domain: param = NO_DOMAIN } = useParams();
  const initial = param === NO_DOMAIN ? '' : param;
  const navigate = useNavigate();
  const [input, setInput] = useState(initial);
  const [error, setError] = useState('');
  const lookup = useMutation({
    mutationFn: (domain: string) => call(whois, { body: { domain, trim: 1 } }).then((r) => r.data),
  });
  const { mutate, reset } = lookup;

  useEffect(() => {
    setInput(initial);
    reset();
    if (initial) mutate(initial);
  }, [initial, mutate, reset]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const domain = input.trim();
    if (!domain) {
      setError(t(commonText).required);
      return;
    }
    setError('');
    // The address names the domain looked up, so it can be bookmarked and shared.
    if (domain !== initial) navigate(routePath('whois', { domain }));
    else mutate(domain);
  };

  const text = { ...t(domainText), ...t(domainScreenText) };
  return (
    <Page title={text.whoisTitle}>
      <form onSubmit={submit} noValidate>
        <Group align="flex-start" gap="xs">
          <TextInput
            aria-label={text.fieldDomain}
            placeholder="example.com"
            value={input}
            onChange={(e) => setInput(e.currentTarget.value)}
            error={error || undefined}
            w={320}
            maw="100%"
          />
          <Button type="submit" loading={lookup.isPending}>
            {text.whoisLookup}
          </Button>
        </Group>
      </form>
      {lookup.isError && (
        <Alert color="red" title={text.whoisFailed}>
          {failureText(lookup.error)}
        </Alert>
      )}
      {lookup.data && (
        <Code block data-testid="whois-text" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {lookup.data.whois}
        </Code>
      )}
    </Page>
  );
}

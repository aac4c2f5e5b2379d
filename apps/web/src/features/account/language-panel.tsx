import { Group, Stack, Text, Title } from '@mantine/core';
import { accountScreenText } from '@portal/contract/account/messages';
import { useQuery } from '@tanstack/react-query';
import { LanguagePicker } from '../../app/language-picker.tsx';
import { t } from '../../app/language.ts';
import { useSession } from '../../app/session.ts';
import { customerQuery } from '../../app/shared-queries.ts';
import { useShowFailure } from '../../app/status.ts';
import { useSetCustomerLanguage } from './api.ts';

/**
 * The account's language (docs/languages.md), on Notifications beside the mails it applies to.
 * The account's own: the top bar's picker, the same choice (the page turns at once, kept for
 * every device). Staff working on a customer choose the customer's, told so, and their own page
 * stays in their language; the server records the change on the customer's activity.
 */
export function LanguagePanel() {
  const { staff, operator, currentUser } = useSession();
  const workingOn = staff && currentUser !== operator;
  const s = t(accountScreenText);
  return (
    <Stack gap={4} component="section" aria-labelledby="account-language-title">
      <Title order={2} size="h5" id="account-language-title">
        {s.languageTitle}
      </Title>
      <Text size="sm">{workingOn ? s.languageStaffHelp(currentUser) : s.languageHelp}</Text>
      <Group>
        {workingOn ? (
          <CustomerLanguage account={currentUser} />
        ) : (
          <LanguagePicker label={s.languageOf(currentUser)} testId="account-language" />
        )}
      </Group>
    </Stack>
  );
}

/** The customer's stored language (English until one is chosen or taken from a sign-in). */
function CustomerLanguage({ account }: { account: string }) {
  const customer = useQuery(customerQuery(account));
  const showFailure = useShowFailure();
  const save = useSetCustomerLanguage({
    onError: (err) => showFailure(err, { title: t(accountScreenText).languageOf(account) }),
  });
  return (
    <LanguagePicker
      label={t(accountScreenText).languageOf(account)}
      testId="account-language"
      value={customer.data?.language ?? 'en'}
      onChoose={(language) => save.mutate({ logname: account, language })}
    />
  );
}

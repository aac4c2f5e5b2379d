import { Text } from '@mantine/core';
import { adminText } from '@portal/contract/admin/messages';
import { t } from './language.ts';

/**
 * Above a screen that a dashboard admin sees of its primary's account (shared-queries.ts
 * useInfoAccount's `readOnly`): the account's data, read only.
 */
export function ReadOnlyNote({ account }: { account: string }) {
  return (
    <Text size="sm" c="dimmed">
      {t(adminText).readOnlyNote(account)}
    </Text>
  );
}

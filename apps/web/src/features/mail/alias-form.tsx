import { Textarea } from '@mantine/core';
import { mailScreenText } from '@portal/contract/mail/messages';
import { t } from '../../app/language.ts';

/** The targets field of the alias forms: one address per line (the server checks each line). */
export function TargetsField(props: { value: string; onChange: (v: string) => void; error?: string }) {
  return (
    <Textarea
      label={t(mailScreenText).targetsLabel}
      withAsterisk
      autosize
      minRows={5}
      maxRows={16}
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      error={props.error}
      autoCapitalize="none"
      spellCheck={false}
    />
  );
}

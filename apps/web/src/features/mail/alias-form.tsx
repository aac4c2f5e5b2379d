import { Textarea } from '@mantine/core';

/** The targets field of the alias forms: one address per line (the server checks each line). */
export function TargetsField(props: { value: string; onChange: (v: string) => void; error?: string }) {
  return (
    <Textarea
      label="Targets (one email address per line)"
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

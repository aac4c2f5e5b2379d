import { SegmentedControl, Stack, Text } from '@mantine/core';

/**
 * One of a few choices as a segmented control, labelled like the inputs beside it in a form's row
 * (an API token's access, an app password's protocols).
 */
export function LabelledChoice<V extends string>({
  id,
  label,
  value,
  onChange,
  data,
}: {
  /** The label's id, which names the control for assistive technology. */
  id: string;
  label: string;
  value: V;
  onChange: (value: V) => void;
  data: { value: V; label: string }[];
}) {
  return (
    <Stack gap={4} maw="100%">
      <Text size="sm" fw={500} component="label" id={id}>
        {label}
      </Text>
      <SegmentedControl
        aria-labelledby={id}
        value={value}
        onChange={(chosen) => {
          const choice = data.find((d) => d.value === chosen);
          if (choice) onChange(choice.value);
        }}
        data={data}
      />
    </Stack>
  );
}

import { Group, Input, Select, TextInput } from '@mantine/core';
import { mailScreenText } from '@portal/contract/mail/messages';
import dayjs from 'dayjs';
import { useId } from 'react';
import { t } from '../../app/language.ts';

/** A date and a time on a 12-hour clock, as the pieces the user picked. */
export interface DateTime12Value {
  date: string;
  hour: string;
  minute: string;
  half: 'AM' | 'PM';
}

export const emptyDateTime12: DateTime12Value = { date: '', hour: '9', minute: '00', half: 'AM' };

const HOURS = Array.from({ length: 12 }, (_, i) => String(i + 1));
const MINUTES = Array.from({ length: 12 }, (_, i) => String(i * 5).padStart(2, '0'));

/** The picked moment in the browser's time zone, or null without a date. */
export function toDate(v: DateTime12Value): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v.date)) return null;
  const hour = (Number(v.hour) % 12) + (v.half === 'PM' ? 12 : 0);
  const d = dayjs(`${v.date}T${String(hour).padStart(2, '0')}:${v.minute}:00`);
  return d.isValid() ? d.toDate() : null;
}

/**
 * A date and time picker on a 12-hour clock (the spec's auto-responder): the browser's date picker
 * and hour, minute and AM/PM choices. Kept in the area, so the portal's first load does not carry
 * a calendar library.
 */
export function DateTime12(props: {
  label: string;
  value: DateTime12Value;
  onChange: (v: DateTime12Value) => void;
  error?: string;
  required?: boolean;
}) {
  const id = useId();
  const m = t(mailScreenText);
  const set = (patch: Partial<DateTime12Value>) => props.onChange({ ...props.value, ...patch });
  return (
    <Input.Wrapper label={props.label} withAsterisk={props.required} error={props.error} id={id}>
      <Group gap={6} wrap="wrap" mt={2}>
        <TextInput
          id={id}
          type="date"
          value={props.value.date}
          onChange={(e) => set({ date: e.currentTarget.value })}
          error={!!props.error}
          w={160}
        />
        <Select
          aria-label={m.hourOf(props.label)}
          data={HOURS}
          value={props.value.hour}
          onChange={(v) => v && set({ hour: v })}
          allowDeselect={false}
          w={70}
        />
        <Select
          aria-label={m.minuteOf(props.label)}
          data={MINUTES}
          value={props.value.minute}
          onChange={(v) => v && set({ minute: v })}
          allowDeselect={false}
          w={70}
        />
        <Select
          aria-label={m.halfOf(props.label)}
          data={['AM', 'PM']}
          value={props.value.half}
          onChange={(v) => v && set({ half: v as 'AM' | 'PM' })}
          allowDeselect={false}
          w={76}
        />
      </Group>
    </Input.Wrapper>
  );
}

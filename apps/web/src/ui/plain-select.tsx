import { InputBase, type InputBaseProps } from '@mantine/core';
import type { ChangeEvent, FocusEvent } from 'react';

export interface PlainSelectProps extends Omit<InputBaseProps, 'rightSection' | 'pointer'> {
  /** The choices: a value shown as it is, or a value with its label. */
  data: ReadonlyArray<string | { value: string; label: string }>;
  value?: string;
  onChange?: (event: ChangeEvent<HTMLSelectElement>) => void;
  onFocus?: (event: FocusEvent<HTMLSelectElement>) => void;
  onBlur?: (event: FocusEvent<HTMLSelectElement>) => void;
  'aria-label'?: string;
}

/**
 * A choice from a short list, as the browser's own select (a phone shows its own picker), styled
 * as Mantine's inputs: label, error and description as theirs. Not Mantine's Select, whose list
 * is a pop-over: its code (Combobox, Popover, Floating UI) is what a screen with a select paid
 * for before anything else (docs/decisions/109-signed-in-phone-budget.md). Takes a form's
 * `getInputProps` as they are. With no value yet, an empty first choice shows nothing chosen.
 */
export function PlainSelect({ data, value, ...rest }: PlainSelectProps) {
  return (
    <InputBase
      component="select"
      pointer
      value={value ?? ''}
      rightSection={<Chevron />}
      rightSectionPointerEvents="none"
      {...rest}
    >
      {(value ?? '') === '' && <option value="" />}
      {data.map((item) => {
        const { value: v, label } = typeof item === 'string' ? { value: item, label: item } : item;
        return (
          <option key={v} value={v}>
            {label}
          </option>
        );
      })}
    </InputBase>
  );
}

/** Mantine's up-and-down chevron (its ComboboxChevron's drawing). */
function Chevron() {
  return (
    <svg viewBox="0 0 15 15" width={15} height={15} fill="none" aria-hidden="true">
      <path
        d="M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z"
        fill="currentColor"
        fillRule="evenodd"
        clipRule="evenodd"
      />
    </svg>
  );
}

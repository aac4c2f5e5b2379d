import { type ChangeEvent, useRef, useState } from 'react';

/** A change as the inputs give it: an event (text inputs, the plain select) or the value (Radio.Group). */
export type FieldChange = string | ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>;

/** What an input of the form takes, spread as it is (`{...form.getInputProps('amount')}`). */
export interface FieldProps {
  value: string;
  error: string | undefined;
  onChange: (change: FieldChange) => void;
}

/**
 * A form's text values and the refusal shown under each field, with the part of Mantine's `useForm`
 * the screens on a phone's first load use (getInputProps, setValues, setFieldValue, getValues,
 * setErrors, isDirty, resetDirty), and as it behaves: a field's refusal goes once the field is
 * changed, every refusal once values are set, and getValues answers at once, before React renders.
 * The form library is 5 KB gzip of a screen's first load
 * (docs/decisions/123-catalogues-with-their-screens.md); this is a few hundred bytes.
 */
export function useFields<V extends { [K in keyof V]: string }>(initialValues: V) {
  const [values, setState] = useState(initialValues);
  const [errors, setErrorState] = useState<Partial<Record<keyof V, string>>>({});
  // The values as of the last change, read by handlers that run before the next render.
  const current = useRef(values);
  // The values that count as unchanged (isDirty), moved by resetDirty.
  const snapshot = useRef(values);

  const setValues = (changed: Partial<V>) => {
    current.current = { ...current.current, ...changed };
    setState(current.current);
    setErrorState({});
  };
  const setFieldValue = <K extends keyof V>(name: K, value: V[K]) => {
    setErrorState((e) => (e[name] === undefined ? e : { ...e, [name]: undefined }));
    if (current.current[name] === value) return;
    current.current = { ...current.current, [name]: value };
    setState(current.current);
  };
  /** Sets the refusals shown; an empty text is no refusal. */
  const setErrors = (next: Partial<Record<keyof V, string>>) =>
    setErrorState(Object.fromEntries(Object.entries(next).filter(([, text]) => text)) as typeof next);

  return {
    values,
    errors,
    getValues: () => current.current,
    setValues,
    setFieldValue,
    setErrors,
    /** Whether a field differs from its value at the start or at the last resetDirty. */
    isDirty: (name: keyof V) => current.current[name] !== snapshot.current[name],
    resetDirty: () => {
      snapshot.current = current.current;
    },
    getInputProps: (name: keyof V): FieldProps => ({
      value: values[name],
      error: errors[name],
      onChange: (change) =>
        setFieldValue(name, (typeof change === 'string' ? change : change.currentTarget.value) as V[keyof V]),
    }),
  };
}

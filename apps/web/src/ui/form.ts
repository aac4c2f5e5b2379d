import { fieldErrors } from '@portal/contract/rules';
import type { z } from 'zod';

/**
 * The form layer: a Mantine `useForm({ validate })` function from a contract schema, so a form
 * shows exactly the server's rules and texts (STYLE.md "One contract, used by both sides").
 */
export function zodValidate<S extends z.ZodType>(schema: S) {
  return (values: unknown): Record<string, string> => {
    const result = schema.safeParse(values);
    return result.success ? {} : fieldErrors(result.error);
  };
}

/**
 * A form's submit that sends its call once: a second press while the call runs does nothing
 * (`form.onSubmit(sendOnce(change))`).
 */
export const sendOnce =
  <V>(call: { isPending: boolean; mutate: (values: V) => void }) =>
  (values: V) => {
    if (!call.isPending) call.mutate(values);
  };

import { z } from 'zod';
import { required, text } from './rules.ts';

/**
 * What the credentials an account makes for itself share (API tokens, mail app passwords): how one
 * is listed — never its secret — its name and its id.
 */

/** A credential as listed. Dates are ISO 8601; `last_used` is null until it is first used. */
export const listedCredential = <S extends z.ZodType>(scope: S) =>
  z.object({
    id: z.string(),
    name: z.string(),
    scope,
    created: z.string(),
    last_used: z.string().nullable(),
  });

/** The name its owner gives it, up to 60 characters. */
export const credentialName = (requiredText: string) =>
  required(requiredText).pipe(z.string().max(60, 'At most 60 characters'));

/** Its lookup id: 16 hex digits. */
export const credentialId = (invalidText: string) => text().regex(/^[0-9a-f]{16}$/, invalidText);

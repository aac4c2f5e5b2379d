import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aliasTargets } from './mail/calls.ts';
import { mailText } from './mail/messages.ts';
import { fieldErrors, isEmail, optionalEmail, requiredEmail } from './rules.ts';

/** How Postfix reads a lookup result (virtual_alias_maps): a list split on commas and whitespace. */
const postfixRecipients = (value: string) => value.split(/[,\s]+/).filter(Boolean);

// Characters that make an address several, or none: separators, quoting, routing, comments.
const HOSTILE = [',', ';', ' ', '\t', '\n', '<', '>', '"', '(', ')', '[', ']', ':', '\\', '@'];
/** An address with a hostile character put somewhere in it (local part or domain). */
const tampered = fc
  .tuple(fc.emailAddress(), fc.constantFrom(...HOSTILE), fc.nat(), fc.constantFrom('', 'root', 'x@y.example'))
  .map(([a, c, at, extra]) => {
    const i = at % (a.length + 1);
    return `${a.slice(0, i)}${c}${extra}${a.slice(i)}`;
  });
const addressLike = fc.oneof(
  fc.emailAddress(),
  tampered,
  fc
    .array(
      fc.constantFrom('root', 'x', '.', '@', 'example', '.com', ',', ';', ' ', '<', '>', '"', 'xn--p1ai'),
      {
        maxLength: 8,
      },
    )
    .map((parts) => parts.join('')),
  fc.string({ maxLength: 60 }),
);

describe('the e-mail address rule', () => {
  it('accepts real addresses at long and internationalised top-level domains', () => {
    for (const v of [
      'alice@example.com',
      'studio@lens.photography',
      'ops@un.international',
      'jo.smith+billing@firm.consulting',
      'root@host.localdomain',
      "o'brien@example.ie",
      'a_b-c=d@sub.example.co.uk',
      'info@xn--bcher-kva.xn--p1ai',
      `x@example.${'a'.repeat(63)}`,
    ])
      expect(isEmail(v), v).toBe(true);
  });

  it('refuses lists, bare names, quoting and broken domains', () => {
    for (const v of [
      'root,postmaster,x@elsewhere.example',
      'a@example.com,b@example.com',
      'a@example.com;b@example.com',
      'a@example.com b@example.com',
      'Alice <alice@example.com>',
      '"a b"@example.com',
      'a@b@example.com',
      'root',
      '@example.com',
      'a..b@example.com',
      '.a@example.com',
      'a.@example.com',
      'a@-example.com',
      'a@example-.com',
      'a@example',
      'a@example.c',
      'a@example.c0m',
      `x@example.${'a'.repeat(64)}`,
      `${'a'.repeat(65)}@example.com`,
      `a@${'b'.repeat(250)}.com`,
      'a@[127.0.0.1]',
      'a(comment)@example.com',
    ])
      expect(isEmail(v), v).toBe(false);
  });

  it('every address it accepts is exactly one recipient for Postfix', () => {
    fc.assert(
      fc.property(addressLike, (v) => {
        if (!isEmail(v)) return;
        expect(postfixRecipients(v)).toEqual([v]);
        expect(v).toMatch(/^[^@]+@[^@]+\.[^@.]+$/);
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps the spec message texts', () => {
    const error = (schema: { safeParse: (v: unknown) => unknown }, v: unknown) => {
      const r = schema.safeParse(v) as
        | { success: true }
        | { success: false; error: Parameters<typeof fieldErrors>[0] };
      return r.success ? null : fieldErrors(r.error)._;
    };
    expect(error(requiredEmail(), 'a,b@example.com')).toBe('This field must be a valid email address');
    expect(error(requiredEmail(), '')).toBe('Required');
    expect(error(optionalEmail(), 'x@lens.photography')).toBe(null);
    expect(error(requiredEmail(mailText.invalidEmailAddress), 'a@b')).toBe('Invalid Email Address');
    expect(error(aliasTargets, 'root,postmaster,x@elsewhere.example')).toBe(
      mailText.badTarget(1, 'root,postmaster,x@elsewhere.example'),
    );
  });
});

import type { TestApp } from '../support/helper.ts';
import { demoPassword } from '../support/helper.ts';

/**
 * The secrets app passwords for mail put in the user's hands, for a "no secret at rest" check:
 * makes one app password for `who` through the API (as its owner does on Account → Mail
 * Passwords) and answers the clear-text values that must appear nowhere in the database — the
 * whole password, and the part after its first group (the first four letters are stored as the
 * row's lookup by design: docs/decisions/051-mail-app-passwords.md).
 */
export async function mailAppPasswordSecrets(t: TestApp, who = 'alice'): Promise<string[]> {
  const res = await t.as(who).post('/api/create-mail-app-password', {
    logname: who,
    name: `at-rest ${Math.random().toString(36).slice(2, 8)}`,
    password: demoPassword(who),
  });
  if (res.status !== 200) throw new Error(`create-mail-app-password: ${JSON.stringify(res.body)}`);
  const secret: string = res.body.data.app_password;
  return [secret, secret.slice(5), secret.replaceAll('-', '')];
}

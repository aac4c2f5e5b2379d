import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, factories } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';
import { lastMail } from '../../../test/support/mail.ts';

/**
 * The "new accounts are ready" mail in the account's language
 * (docs/decisions/117-mails-in-the-account-language.md): the customer's part in Spanish for a
 * Spanish account, the staff's footer English in both, and English byte for byte as before.
 */
describe('the new accounts are ready mail in the account language', () => {
  let t: TestApp;
  let f: ReturnType<typeof factories>;
  beforeAll(async () => {
    t = await build({ demo: false });
    f = factories(t);
  }, 120_000);
  afterAll(() => t?.close());

  /** `who` asks for one Full account named `name`; staff mark the request done. */
  const requestAndFinish = async (who: Account, name: string, staff: Account) => {
    const asked = await f.as(who).post('/api/request-accounts', {
      account: who.logname,
      email: who.email,
      lognames: [name, ''],
      first_names: ['Frank', ''],
      last_names: ['Foster', ''],
      aliases: ['frank.foster', ''],
      types: ['Full', ''],
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const done = await f.as(staff).post('/api/staff/secondary-request-done', { id: asked.body.data.id });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    return lastMail(t, { kind: 'secondary.ready', to: who.email });
  };

  it('writes the customer’s part in Spanish for a Spanish account and keeps the staff’s footer English', async () => {
    const staff = await f.makeAccount({ role: 'staff' });
    const spanish = await f.makeAccount({ language: 'es' });
    const english = await f.makeAccount();

    const es = await requestAndFinish(spanish, 'esfrank', staff);
    expect(es.subject).toBe('Sus nuevas cuentas están listas');
    expect(es.body).toBe(
      [
        `Las cuentas secundarias solicitadas para ${spanish.logname} están listas:`,
        '',
        '  esfrank       Completa  Frank Foster  alias: frank.foster',
        '',
        'Establezca sus contraseñas en Cuenta > Contraseñas de las cuentas secundarias, en el portal de miembros.',
        '',
        '-- ',
        `Message sent by ${staff.logname} for ${spanish.logname}`,
      ].join('\n'),
    );

    const en = await requestAndFinish(english, 'enfrank', staff);
    expect(en.subject).toBe('Your new accounts are ready');
    expect(en.body).toBe(
      [
        `The secondary accounts requested for ${english.logname} are ready:`,
        '',
        '  enfrank       Full   Frank Foster  alias: frank.foster',
        '',
        'Set their passwords under Account > Set Passwords for Secondaries in the members portal.',
        '',
        '-- ',
        `Message sent by ${staff.logname} for ${english.logname}`,
      ].join('\n'),
    );
  });
});

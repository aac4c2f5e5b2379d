import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, factories } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';
import { lastMail } from '../../../test/support/mail.ts';
import { accounts } from '../../db/schema.ts';

/**
 * The notice of a new domain admin in the owner's language
 * (docs/decisions/117-mails-in-the-account-language.md); English stays the same, byte for byte.
 */
describe('domain admin notice in the account language', () => {
  let t: TestApp;
  let f: ReturnType<typeof factories>;
  beforeAll(async () => {
    t = await build({ demo: false });
    f = factories(t);
  }, 120_000);
  afterAll(() => t?.close());

  /** Makes `admin` an admin of the owner's domain (all: of every domain of the owner); the notice. */
  const grant = async (owner: Account, admin: Account, all: 0 | 1) => {
    const { domain } = await f.makeDomain({ owner });
    const res = await f.as(owner).post('/api/addadmin', {
      password: owner.password,
      domain,
      newadmin: admin.logname,
      logname: owner.logname,
      all,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { domain, mail: await lastMail(t, { kind: 'notice.domain-admin-added', to: owner.email }) };
  };

  it('writes it in Spanish for a Spanish owner', async () => {
    const owner = await f.makeAccount();
    await t.db.update(accounts).set({ language: 'es' }).where(eq(accounts.logname, owner.logname));
    const admin = await f.makeAccount();
    const one = await grant(owner, admin, 0);
    expect(one.mail.subject).toBe(`Se añadió un administrador de dominios a la cuenta ${owner.logname}`);
    expect(one.mail.body).toBe(
      [
        `${owner.logname} hizo a la cuenta ${admin.logname} administradora de ${one.domain}.`,
        'Un administrador de dominios puede cambiar adónde va el correo del dominio, su dirección de contacto y su renovación.',
        '',
        'Si usted no hizo este cambio, inicie sesión y cambie su contraseña de inmediato, y llame al servicio de asistencia.',
      ].join('\n'),
    );
    const all = await grant(owner, admin, 1);
    expect(all.mail.body).toContain(
      `${owner.logname} hizo a la cuenta ${admin.logname} administradora de todos los dominios de la cuenta ${owner.logname}.\n`,
    );
  });

  it('writes it in English, unchanged, for an owner without a language', async () => {
    const owner = await f.makeAccount();
    const admin = await f.makeAccount();
    const one = await grant(owner, admin, 0);
    expect(one.mail.subject).toBe(`A domain admin was added to account ${owner.logname}`);
    expect(one.mail.body).toBe(
      [
        `${owner.logname} made account ${admin.logname} an admin of ${one.domain}.`,
        'A domain admin may change where the domain’s mail goes, its contact address and its renewal.',
        '',
        'If you did not make this change, sign in and change your password at once, and call the help desk.',
      ].join('\n'),
    );
    const all = await grant(owner, admin, 1);
    expect(all.mail.body).toContain(
      `${owner.logname} made account ${admin.logname} an admin of all the domains of account ${owner.logname}.\n`,
    );
  });
});

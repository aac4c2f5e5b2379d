import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, factories } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';
import { lastMail } from '../../../test/support/mail.ts';

/**
 * The domain area's mails in the owner's language (docs/decisions/117-mails-in-the-account-language.md):
 * the notice of a new domain admin, the renewal notice to the domain's contact. English stays the
 * same, byte for byte.
 */
describe('domain mails in the account language', () => {
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

  it('writes the domain admin notice in Spanish for a Spanish owner', async () => {
    const owner = await f.makeAccount({ language: 'es' });
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

  it('writes the renewal notice to the domain contact in the owner language; English unchanged', async () => {
    const spanish = await f.makeAccount({ language: 'es' });
    const english = await f.makeAccount();
    const tld = `r${Date.now().toString(36)}`;
    await f.makePriceList(tld, { 1: 18, 2: 34 });
    const renew = async (owner: Account, numyears: number, price: number) => {
      const d = await f.makeDomain({ owner, domain: `${owner.logname}.${tld}`, expires: f.inDays(20) });
      const res = await f.as(owner).post('/api/renew-domain', { renew_domain: d.domain, price, numyears });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const mail = await lastMail(t, { kind: 'domains.renewal-notice', to: owner.email });
      return { ...d, mail, after: res.body.data.new_expiration as string };
    };
    const es = await renew(spanish, 2, 34);
    expect(es.mail.subject).toBe(`Renovación de ${es.domain}`);
    expect(es.mail.body).toBe(
      [
        `Hemos recibido su solicitud de renovar ${es.domain} por 2 años ($34.00).`,
        '',
        `Fecha de vencimiento actual: ${es.expires}`,
        `Nueva fecha de vencimiento: ${es.after}`,
        '',
        'El registro suele confirmar una renovación en menos de una hora; hasta entonces, la lista de dominios la muestra como pendiente.',
        'El cargo aparecerá en su próxima factura.',
        '',
        `Solicitado por ${spanish.logname}.`,
      ].join('\n'),
    );
    const en = await renew(english, 1, 18);
    expect(en.mail.subject).toBe(`Renewal of ${en.domain}`);
    expect(en.mail.body).toBe(
      [
        `We have received your request to renew ${en.domain} for 1 year ($18.00).`,
        '',
        `Current expiration date: ${en.expires}`,
        `New expiration date: ${en.after}`,
        '',
        'The registry usually confirms a renewal within an hour; the domain list shows it as pending until then.',
        'The charge will appear on your next invoice.',
        '',
        `Requested by ${english.logname}.`,
      ].join('\n'),
    );
  });

  it('writes the domain admin notice in English, unchanged, for an owner without a language', async () => {
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../test/support/factories.ts';
import { build, type TestApp } from '../../test/support/helper.ts';
import { mailsTo } from '../../test/support/mail.ts';
import { runInvoiceReminders } from '../features/billing/reminders.ts';
import { runDomainReminders } from '../features/domains/reminders.ts';

const URL = 'https://portal.example.net';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

describe('customer mail in the account language (docs/decisions/117-mails-in-the-account-language.md)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ demo: false, env: { PORTAL_PUBLIC_URL: URL } });
  }, 120_000);
  afterAll(() => t?.close());

  /** A Spanish account and an English one (no language set), made with the factories. */
  const twoAccounts = async () => {
    const f = factories(t);
    const spanish = await f.makeAccount({ language: 'es' });
    return { f, spanish, english: await f.makeAccount() };
  };

  it('writes the reminders and the unsubscribe line in Spanish for a Spanish account, English otherwise', async () => {
    const { f, spanish, english } = await twoAccounts();
    const tld = `t${Date.now().toString(36)}`;
    const es = await f.makeDomain({ owner: spanish, domain: `es.${tld}`, expires: f.inDays(7) });
    const en = await f.makeDomain({ owner: english, domain: `en.${tld}`, expires: f.inDays(7) });
    const esInvoice = await f.makeInvoice({
      owner: spanish,
      date: f.inDays(0),
      due: f.inDays(20),
      amount: 12.5,
    });
    const enInvoice = await f.makeInvoice({
      owner: english,
      date: f.inDays(0),
      due: f.inDays(20),
      amount: 12.5,
    });
    await t.db.transaction((tx) => runDomainReminders(t.app, tx));
    await t.db.transaction((tx) => runInvoiceReminders(t.app, tx));

    const only = async (account: string, kind: string) => {
      const [mail, ...more] = await mailsTo(t, { account, kind });
      expect(more).toHaveLength(0);
      if (!mail) throw new Error(`no ${kind} mail for ${account}`);
      return mail;
    };
    const esDomain = await only(spanish.logname, 'notices.domain-expiring');
    expect(esDomain.subject).toBe(`${es.domain} vence en 7 días`);
    expect(esDomain.body).toContain(
      `${es.domain} vence el ${es.expires} y no se renueva automáticamente. Renuévelo ahora: ${URL}/portal/domain-renewal/${es.domain}\n`,
    );
    expect(esDomain.body).toMatch(
      /\n\n--\nPara dejar de recibir estos correos de dominios, abra https:\/\/portal\.example\.net\/api\/unsubscribe\/\S+ o cambie Notificaciones en el portal de miembros\.$/,
    );
    const enDomain = await only(english.logname, 'notices.domain-expiring');
    expect(enDomain.subject).toBe(`${en.domain} expires in 7 days`);
    expect(enDomain.body).toMatch(
      new RegExp(
        `^${en.domain.replaceAll('.', '\\.')} expires on ${en.expires} and does not renew automatically\\. .*\\n\\n--\\nTo stop these domains mails, open \\S+ or change Notifications in the Members Portal\\.$`,
        's',
      ),
    );

    const esNew = await only(spanish.logname, 'notices.invoice-new');
    expect(esNew.subject).toBe(`Nueva factura ${esInvoice.invoice}`);
    expect(esNew.body).toContain(
      `La factura ${esInvoice.invoice} del ${esInvoice.date} por $12.50 vence el ${esInvoice.due}.`,
    );
    const enNew = await only(english.logname, 'notices.invoice-new');
    expect(enNew.subject).toBe(`New invoice ${enInvoice.invoice}`);
    expect(enNew.body).toContain(
      `Invoice ${enInvoice.invoice} of ${enInvoice.date} for $12.50 is due on ${enInvoice.due}. It is attached as a PDF`,
    );
  }, 300_000);
  it('writes the password reset link mail in the account language; English unchanged', async () => {
    const { spanish, english } = await twoAccounts();
    for (const who of [spanish, english])
      await t.request('POST', '/api/forgot-panel-password', {
        body: { account: who.logname, email: who.email, burn_it: 0 },
      });
    await t.drainJobs();
    const [es] = await mailsTo(t, { account: spanish.logname, kind: 'reset.panel' });
    expect(es?.subject).toBe('Restablecimiento de su contraseña del panel de socios');
    expect(es?.body).toMatch(
      new RegExp(
        `^Alguien \\(esperamos que usted\\) ha pedido restablecer la contraseña del panel de socios de la cuenta ${spanish.logname}\\.\n\nPara elegir una contraseña nueva, abra este enlace en los próximos 30 minutos:\n\nhttps://portal\\.example\\.net/portal/reset-panel-password/\\S+\n\nEl enlace sirve una sola vez\\. `,
      ),
    );
    const [en] = await mailsTo(t, { account: english.logname, kind: 'reset.panel' });
    expect(en?.subject).toBe('Reset of your members panel password');
    expect(en?.body).toMatch(
      new RegExp(
        `^Someone \\(we hope you\\) asked to reset the members panel password of account ${english.logname}\\.\n\nTo choose a new password, open this link within 30 minutes:\n\nhttps://portal\\.example\\.net/portal/reset-panel-password/\\S+\n\nThe link works once\\. If you did not ask for a reset, ignore this message: your password stays as it is\\.$`,
      ),
    );
  }, 300_000);
  it('writes the sign-in alert in the account language; English unchanged', async () => {
    const { spanish, english } = await twoAccounts();
    for (const who of [spanish, english])
      for (let i = 0; i < 2; i++)
        await t.request('POST', '/api/miglogin', {
          body: { username: who.logname, password: who.password },
          headers: { 'user-agent': FIREFOX },
        });
    const [es] = await mailsTo(t, { account: spanish.logname, kind: 'sign-in.new-device' });
    expect(es?.subject).toBe('Nuevo inicio de sesión en su cuenta');
    expect(es?.body).toContain(
      `Se ha iniciado sesión en su cuenta ${spanish.logname} desde un navegador que no la había usado antes.`,
    );
    expect(es?.body).toContain('\nNavegador: Firefox 128 en Windows 10\n');
    expect(es?.body).toMatch(
      /\n\nSi usted no hizo este cambio, inicie sesión y cambie su contraseña de inmediato, y llame al servicio de asistencia\.$/,
    );
    const [en] = await mailsTo(t, { account: english.logname, kind: 'sign-in.new-device' });
    expect(en?.subject).toBe('New sign-in to your account');
    expect(en?.body).toContain(
      `Your account ${english.logname} was signed in to from a browser that has not signed in to it before.\n\nWhen: `,
    );
    expect(en?.body).toContain('\nBrowser: Firefox 128 on Windows 10\n');
    expect(en?.body).toMatch(
      /\n\nIf you did not make this change, sign in and change your password at once, and call the help desk\.$/,
    );
  }, 300_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, factories } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';
import { esMoment, lastMail } from '../../../test/support/mail.ts';
import { tempEmails } from '../../db/schema.ts';

const URL = 'https://portal.example.net';
const START = '2027-07-01T00:00:00Z';

/**
 * The mail area's customer mails in the account's language
 * (docs/decisions/117-mails-in-the-account-language.md): the recovery address's confirmation link
 * and the notice of it, the expired temporary alias. English stays the same, byte for byte.
 */
describe('mail area mails in the account language', () => {
  let t: TestApp;
  let f: ReturnType<typeof factories>;
  beforeAll(async () => {
    t = await build({ demo: false, env: { PORTAL_PUBLIC_URL: URL }, start: new Date(START) });
    f = factories(t);
  }, 120_000);
  afterAll(() => t?.close());

  const spanishAccount = async () => {
    const account = await f.makeAccount({ language: 'es' });
    return account;
  };
  const addRecovery = async (by: Account, owner: Account, email: string) => {
    const res = await f.as(by).post('/api/add-recovery-email', {
      logname: owner.logname,
      email,
      password: by.password,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const LINK = `${URL.replaceAll('.', '\\.')}/api/confirm-address/\\S+`;

  it('writes the recovery address confirmation and its notice in Spanish for a Spanish account', async () => {
    const owner = await spanishAccount();
    const email = `${owner.logname}-new@example.test`;
    await addRecovery(owner, owner, email);
    const confirm = await lastMail(t, { kind: 'recovery.confirm', to: email });
    expect(confirm.subject).toBe('Confirme su dirección de recuperación');
    expect(confirm.body).toMatch(
      new RegExp(
        `^${email} se añadió como dirección de recuperación de la cuenta ${owner.logname}: se le podrán enviar enlaces de restablecimiento de contraseña de esa cuenta\\.\n\nPara confirmarla, abra este enlace en las próximas 48 horas:\n\n${LINK}\n\nSi no conoce esta cuenta, ignore este mensaje: no se le enviará ningún enlace de restablecimiento\\.$`,
      ),
    );
    const notice = await lastMail(t, { kind: 'notice.recovery-added', to: owner.email });
    expect(notice.subject).toBe(`Se añadió una dirección de recuperación a la cuenta ${owner.logname}`);
    expect(notice.body).toBe(
      [
        `${owner.logname} añadió ${email} como dirección de recuperación de la cuenta ${owner.logname}.`,
        'Una vez confirmada, se le podrán enviar enlaces de restablecimiento de contraseña de la cuenta.',
        '',
        'Si usted no hizo este cambio, inicie sesión y cambie su contraseña de inmediato, y llame al servicio de asistencia.',
      ].join('\n'),
    );

    // Added by staff: the cooling-off lines in Spanish too.
    const staff = await f.makeAccount({ role: 'staff' });
    const byStaff = `${owner.logname}-staff@example.test`;
    await addRecovery(staff, owner, byStaff);
    const told = await lastMail(t, { kind: 'notice.recovery-added', to: owner.email });
    expect(told.body).toContain(
      `${staff.logname} añadió ${byStaff} como dirección de recuperación de la cuenta ${owner.logname}.\nUna vez confirmada, se le podrán enviar enlaces de restablecimiento de contraseña de la cuenta.\n\nComo la agregó el personal, no se le enviará ningún enlace de restablecimiento durante 7 días. Si usted no lo pidió, elimínela en Contactos de recuperación antes de que termine ese plazo:\n${URL}/portal/recovery-contacts\n`,
    );
  });

  it('writes them in English, unchanged, for an account without a language', async () => {
    const owner = await f.makeAccount();
    const email = `${owner.logname}-new@example.test`;
    await addRecovery(owner, owner, email);
    const confirm = await lastMail(t, { kind: 'recovery.confirm', to: email });
    expect(confirm.subject).toBe('Please confirm your recovery address');
    expect(confirm.body).toMatch(
      new RegExp(
        `^${email} was added as a recovery address of account ${owner.logname}: password reset links of that account may be sent to it\\.\n\nTo confirm, open this link within 48 hours:\n\n${LINK}\n\nIf you do not know this account, ignore this message: no reset links will be sent to you\\.$`,
      ),
    );
    const notice = await lastMail(t, { kind: 'notice.recovery-added', to: owner.email });
    expect(notice.subject).toBe(`A recovery address was added to account ${owner.logname}`);
    expect(notice.body).toBe(
      [
        `${email} was added as a recovery address of account ${owner.logname} by ${owner.logname}.`,
        'Once confirmed, password reset links of the account may be sent to it.',
        '',
        'If you did not make this change, sign in and change your password at once, and call the help desk.',
      ].join('\n'),
    );
  });

  it('writes the auto-responder and newsletter confirmations in the account language; English unchanged', async () => {
    const spanish = await spanishAccount();
    const english = await f.makeAccount();
    for (const who of [spanish, english]) {
      const rule = await f.as(who).post('/api/auto-responder', {
        logname: who.logname,
        start: '2027-07-02T08:00:00Z',
        end: '2027-07-09T08:00:00Z',
        message: 'Away.',
        reply_to: `${who.logname}@elsewhere.test`,
      });
      expect(rule.status, JSON.stringify(rule.body)).toBe(200);
      const subscribed = await f
        .as(who)
        .post('/api/subscribe-portal', { logname: who.logname, email: `${who.logname}-news@elsewhere.test` });
      expect(subscribed.status, JSON.stringify(subscribed.body)).toBe(200);
    }
    const newsLink = `${URL.replaceAll('.', '\\.')}/api/subscribe-portal/confirm/\\S+`;
    const es = spanish.logname;
    const esReply = await lastMail(t, { kind: 'auto-responder.confirm', account: es });
    expect(esReply.subject).toBe('Confirme la dirección de respuesta de una respuesta automática');
    expect(esReply.body).toMatch(
      new RegExp(
        `^La cuenta ${es} ha pedido que las respuestas automáticas de ${es}@mail\\.example\\.net se envíen con ${es}@elsewhere\\.test como remitente, desde el 2027-07-02 08:00 UTC hasta el 2027-07-09 08:00 UTC\\.\n\nPara permitirlo, abra este enlace en las próximas 48 horas:\n\n${LINK}\n\nSi no conoce esta cuenta, ignore este mensaje: no se enviará ninguna respuesta en su nombre\\.$`,
      ),
    );
    const esNews = await lastMail(t, { kind: 'newsletter.confirm', account: es });
    expect(esNews.subject).toBe('Confirme su suscripción al Portal');
    expect(esNews.body).toMatch(
      new RegExp(
        `^Hola:\n\nAlguien \\(la cuenta ${es}\\) ha pedido suscribir ${es}-news@elsewhere\\.test al Portal, nuestro boletín mensual\\.\nPara confirmar la suscripción, abra este enlace:\n\n${newsLink}\n\nSi usted no lo pidió, ignore este mensaje: no se le enviará nada\\.\nNúmeros anteriores: https://\\S+$`,
      ),
    );

    const en = english.logname;
    const enReply = await lastMail(t, { kind: 'auto-responder.confirm', account: en });
    expect(enReply.subject).toBe('Please confirm the reply address of an auto-responder');
    expect(enReply.body).toMatch(
      new RegExp(
        `^Account ${en} asked that vacation replies from ${en}@mail\\.example\\.net be sent with ${en}@elsewhere\\.test as their sender, from 2027-07-02 08:00 UTC to 2027-07-09 08:00 UTC\\.\n\nTo allow it, open this link within 48 hours:\n\n${LINK}\n\nIf you do not know this account, ignore this message: no reply will be sent in your name\\.$`,
      ),
    );
    const enNews = await lastMail(t, { kind: 'newsletter.confirm', account: en });
    expect(enNews.subject).toBe('Please confirm your subscription to the Portal');
    expect(enNews.body).toMatch(
      new RegExp(
        `^Hello,\n\nSomeone \\(account ${en}\\) asked to subscribe ${en}-news@elsewhere\\.test to the Portal, our monthly newsletter\\.\nTo confirm the subscription, open this link:\n\n${newsLink}\n\nIf you did not ask for it, ignore this message: nothing will be sent to you\\.\nPast issues: https://\\S+$`,
      ),
    );
  });

  it('writes the expired temporary alias mail in the account language; English unchanged', async () => {
    const spanish = await spanishAccount();
    const english = await f.makeAccount();
    const expires = new Date(t.clock.now().getTime() + 60_000);
    for (const owner of [spanish, english])
      await t.db.insert(tempEmails).values({
        owner: owner.logname,
        name: `gone-${owner.logname}`,
        forwardsTo: owner.email,
        expires,
      });
    t.clock.advance(2 * 60_000);
    await t.drainJobs();

    const es = await lastMail(t, { kind: 'tempemail.expired', account: spanish.logname });
    const esAddress = `gone-${spanish.logname}@tmp.example.net`;
    expect(es.subject).toBe(`El alias temporal ${esAddress} ha caducado`);
    expect(esMoment('2027-07-08T00:01:00Z')).toContain('8 de julio de 2027');
    expect(es.body).toContain(
      [
        `Su alias temporal ${esAddress} caducó el ${esMoment('2027-07-01T00:01:00Z')} y ya no reenvía a ${spanish.email}.`,
        '',
        `Puede prolongarlo en la página Correo temporal del portal de miembros hasta el ${esMoment('2027-07-08T00:01:00Z')}.`,
        `Después desaparece; su nombre queda reservado hasta el ${esMoment('2028-01-07T00:01:00Z')} y nadie puede usarlo.`,
        '',
        '--',
        'Para dejar de recibir estos correos de ',
      ].join('\n'),
    );

    const en = await lastMail(t, { kind: 'tempemail.expired', account: english.logname });
    const enAddress = `gone-${english.logname}@tmp.example.net`;
    expect(en.subject).toBe(`Temporary alias ${enAddress} has expired`);
    expect(en.body).toMatch(
      new RegExp(
        `^${[
          `Your temporary alias ${enAddress} expired on Thu, 01 Jul 2027 00:01:00 GMT and no longer forwards to ${english.email}.`,
          '',
          'You can extend it on the Temporary Email page of the Members Portal until Thu, 08 Jul 2027 00:01:00 GMT.',
          'After that it fades; its name stays reserved until Fri, 07 Jan 2028 00:01:00 GMT and cannot be used by anyone.',
          '',
          '--',
          'To stop these ',
        ]
          .join('\n')
          .replaceAll('.', '\\.')}`,
      ),
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, factories } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';
import { esMoment, lastMail, NOTICE_CLOSING } from '../../../test/support/mail.ts';
import { totpAuthenticators } from '../../db/schema.ts';

const URL = 'https://portal.example.net';
const START = '2027-07-01T00:00:00Z';
const DAY = 86_400_000;

/**
 * The account area's notices and mails in the account's language
 * (docs/decisions/117-mails-in-the-account-language.md): the panel password changed (by its owner
 * or a reset link), app passwords for mail, API tokens made and about to expire. English stays the
 * same, byte for byte.
 */
describe('account mails in the account language', () => {
  let t: TestApp;
  let f: ReturnType<typeof factories>;
  beforeAll(async () => {
    t = await build({ demo: false, env: { PORTAL_PUBLIC_URL: URL }, start: new Date(START) });
    f = factories(t);
  }, 120_000);
  afterAll(() => t?.close());

  /** A Spanish account and an English one (no language set). */
  const twoAccounts = async () => {
    const spanish = await f.makeAccount({ language: 'es' });
    return { spanish, english: await f.makeAccount() };
  };
  const notice = (who: Account, kind: string) => lastMail(t, { kind, to: who.email });

  it('tells of a changed panel password in the account language', async () => {
    const { spanish, english } = await twoAccounts();
    for (const who of [spanish, english]) {
      const res = await f.as(who).post('/api/user-change-password', {
        username: who.logname,
        old_password: who.password,
        new_password: 'Fresh-long-pass-29',
        conf_password: 'Fresh-long-pass-29',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const es = await notice(spanish, 'notice.password-changed');
    expect(es.subject).toBe(`Se cambió la contraseña de la cuenta ${spanish.logname}`);
    expect(es.body).toBe(
      `Se cambió la contraseña del panel de socios de la cuenta ${spanish.logname} (por ${spanish.logname}).\n\n${NOTICE_CLOSING.es}`,
    );
    const en = await notice(english, 'notice.password-changed');
    expect(en.subject).toBe(`The password of account ${english.logname} was changed`);
    expect(en.body).toBe(
      `The members panel password of account ${english.logname} was changed (by ${english.logname}).\n\n${NOTICE_CLOSING.en}`,
    );
  });

  it('tells of a password reset by link, and what it left, in the account language', async () => {
    const { spanish, english } = await twoAccounts();
    for (const who of [spanish, english]) {
      await t.request('POST', '/api/forgot-panel-password', {
        body: { account: who.logname, email: who.email, burn_it: 0 },
      });
      await t.drainJobs();
      const link = (await lastMail(t, { kind: 'reset.panel', to: who.email })).body.match(
        /\/portal\/reset-panel-password\/(\S+)/,
      )?.[1];
      const reset = await t.request('POST', '/api/user-reset-password', {
        body: { reset_token: link, new_password: 'Fresh-long-pass-30', conf_password: 'Fresh-long-pass-30' },
      });
      expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    }
    const es = await notice(spanish, 'notice.password-changed');
    expect(es.body).toBe(
      [
        `Se cambió la contraseña del panel de socios de la cuenta ${spanish.logname} (por un enlace de restablecimiento).`,
        '',
        'Esta cuenta no tiene ninguna llave de acceso ni segundo factor configurado.',
        '',
        NOTICE_CLOSING.es,
      ].join('\n'),
    );
    const en = await notice(english, 'notice.password-changed');
    expect(en.body).toBe(
      [
        `The members panel password of account ${english.logname} was changed (by a reset link).`,
        '',
        'No passkey or second factor is set up on this account.',
        '',
        NOTICE_CLOSING.en,
      ].join('\n'),
    );
  });

  it('tells of an app password for mail and of requiring them in the account language', async () => {
    const { spanish, english } = await twoAccounts();
    for (const who of [spanish, english]) {
      const made = await f.as(who).post('/api/create-mail-app-password', {
        logname: who.logname,
        name: 'Phone',
        scope: 'imap',
        password: who.password,
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      // Requiring app passwords needs a second factor: an authenticator app, on.
      await t.db.insert(totpAuthenticators).values({
        account: who.logname,
        secretEnc: 'unused',
        createdAt: t.clock.now(),
        confirmedAt: t.clock.now(),
      });
      for (const required of [true, false]) {
        const res = await f.as(who).post('/api/require-mail-app-passwords', {
          logname: who.logname,
          required,
          password: who.password,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
    }
    const es = await notice(spanish, 'notice.mail-app-password-created');
    expect(es.subject).toBe(
      `Se creó una contraseña de aplicación de correo para la cuenta ${spanish.logname}`,
    );
    expect(es.body).toBe(
      [
        `Se creó para la cuenta ${spanish.logname} una contraseña de aplicación llamada "Phone" para leer correo (IMAP, POP3).`,
        'Funciona hasta que se revoque en la página Contraseñas de correo del portal de miembros:',
        `${URL}/portal/mail-app-passwords`,
        '',
        NOTICE_CLOSING.es,
      ].join('\n'),
    );
    const [esOff, esOn] = [
      await notice(spanish, 'notice.mail-app-passwords-required'),
      await lastMail(t, {
        kind: 'notice.mail-app-passwords-required',
        subject: `La cuenta ${spanish.logname} exige ahora contraseñas de aplicación para el correo`,
      }),
    ];
    expect(esOn.body).toBe(
      `Dentro de unos diez minutos, los programas de correo deberán usar contraseñas de aplicación: la contraseña de correo dejará de funcionar para IMAP, POP3 y SMTP.\n\n${NOTICE_CLOSING.es}`,
    );
    expect(esOff.subject).toBe(
      `La cuenta ${spanish.logname} ya no exige contraseñas de aplicación para el correo`,
    );

    const en = await notice(english, 'notice.mail-app-password-created');
    expect(en.subject).toBe(`An app password for mail was created for account ${english.logname}`);
    expect(en.body).toBe(
      [
        `An app password named "Phone" for reading mail (IMAP, POP3) was created for account ${english.logname}.`,
        'It works until it is revoked on the Mail passwords page of the Members Portal:',
        `${URL}/portal/mail-app-passwords`,
        '',
        NOTICE_CLOSING.en,
      ].join('\n'),
    );
    const enOff = await notice(english, 'notice.mail-app-passwords-required');
    expect(enOff.subject).toBe(`Account ${english.logname} no longer requires app passwords for mail`);
    expect(enOff.body).toBe(
      `From about ten minutes from now, the email password works again for IMAP, POP3 and SMTP.\n\n${NOTICE_CLOSING.en}`,
    );
    const enOn = await lastMail(t, {
      kind: 'notice.mail-app-passwords-required',
      subject: `Account ${english.logname} now requires app passwords for mail`,
    });
    expect(enOn.body).toBe(
      `From about ten minutes from now, mail programs must use app passwords: the email password stops working for IMAP, POP3 and SMTP.\n\n${NOTICE_CLOSING.en}`,
    );
  });

  // Last: it moves the clock two weeks on.
  it('tells of an API token made, and about to expire, in the account language', async () => {
    const { spanish, english } = await twoAccounts();
    const expires = new Date(t.clock.now().getTime() + 20 * DAY).toISOString();
    for (const who of [spanish, english]) {
      const res = await f.as(who).post('/api/create-api-token', {
        logname: who.logname,
        name: 'Backup script',
        scope: 'read',
        expires,
        password: who.password,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const es = await notice(spanish, 'notice.api-token-created');
    expect(es.subject).toBe(`Se creó un token de API para la cuenta ${spanish.logname}`);
    expect(es.body).toBe(
      [
        `Se creó para la cuenta ${spanish.logname} un token de API llamado "Backup script" con acceso de solo lectura.`,
        `Funciona hasta el ${esMoment(expires)}, salvo que se revoque en la página Tokens de API del portal de miembros:`,
        `${URL}/portal/api-tokens`,
        '',
        NOTICE_CLOSING.es,
      ].join('\n'),
    );
    const en = await notice(english, 'notice.api-token-created');
    const enExpires = new Date(expires).toUTCString();
    expect(en.subject).toBe(`An API token was created for account ${english.logname}`);
    expect(en.body).toBe(
      [
        `An API token named "Backup script" with read-only access was created for account ${english.logname}.`,
        `It works until ${enExpires} unless revoked on the API tokens page of the Members Portal:`,
        `${URL}/portal/api-tokens`,
        '',
        NOTICE_CLOSING.en,
      ].join('\n'),
    );

    t.clock.advance(13 * DAY + 3_600_000);
    await t.drainJobs();
    const esSoon = await lastMail(t, { kind: 'api-token.expiring', account: spanish.logname });
    expect(esSoon.subject).toBe(`El token de API "Backup script" caduca el ${esMoment(expires)}`);
    expect(esSoon.body).toBe(
      [
        `El token de API "Backup script" de la cuenta ${spanish.logname} caduca el ${esMoment(expires)}.`,
        'Después se rechazarán los scripts que lo usen. Para que sigan funcionando, cree un token nuevo en la',
        `página Tokens de API del portal de miembros y póngalo en su lugar: ${URL}/portal/api-tokens`,
      ].join('\n'),
    );
    const enSoon = await lastMail(t, { kind: 'api-token.expiring', account: english.logname });
    expect(enSoon.subject).toBe(`API token "Backup script" expires on ${enExpires}`);
    expect(enSoon.body).toBe(
      [
        `The API token "Backup script" of account ${english.logname} expires on ${enExpires}.`,
        'Scripts that use it will then be refused. To keep them working, create a new token on the',
        `API tokens page of the Members Portal and put it in their place: ${URL}/portal/api-tokens`,
      ].join('\n'),
    );
  });
});

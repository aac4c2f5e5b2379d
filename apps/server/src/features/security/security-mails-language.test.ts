import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, factories } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';
import { esMoment, lastMail, NOTICE_CLOSING } from '../../../test/support/mail.ts';
import { SoftAuthenticator } from '../../../test/support/soft-authenticator.ts';
import { relyingParty } from '../../auth/passkeys.ts';

const START = '2027-07-01T00:00:00Z';

/**
 * The Security screen's notices in the account's language
 * (docs/decisions/117-mails-in-the-account-language.md): the authenticator app on and off, new
 * recovery codes, the second factor removed by staff, a passkey added and removed. English stays
 * the same, byte for byte.
 */
describe('security notices in the account language', () => {
  let t: TestApp;
  let f: ReturnType<typeof factories>;
  beforeAll(async () => {
    t = await build({ demo: false, start: new Date(START) });
    f = factories(t);
  }, 120_000);
  afterAll(() => t?.close());

  const twoAccounts = async () => {
    const spanish = await f.makeAccount({ language: 'es' });
    return { spanish, english: await f.makeAccount() };
  };
  const notice = (who: Account, kind: string) => lastMail(t, { kind, to: who.email });
  const code = (secret: string) =>
    TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: t.clock.now().getTime() });

  it('tells of the second factor on, new recovery codes, off, and removed by staff', async () => {
    const { spanish, english } = await twoAccounts();
    const staff = await f.makeAccount({ role: 'staff' });
    const turnOn = async (who: Account) => {
      const setup = await f.as(who).post('/api/totp-setup', { logname: who.logname });
      expect(setup.status, JSON.stringify(setup.body)).toBe(200);
      const secret: string = setup.body.data.secret;
      const on = await f
        .as(who)
        .post('/api/totp-confirm', { logname: who.logname, code: code(secret), password: who.password });
      expect(on.status, JSON.stringify(on.body)).toBe(200);
      return on.body.data.recovery_codes as string[];
    };
    for (const who of [spanish, english]) {
      const [first] = await turnOn(who);
      const codes = await f
        .as(who)
        .post('/api/recovery-codes', { logname: who.logname, password: who.password });
      expect(codes.status, JSON.stringify(codes.body)).toBe(200);
      const off = await f.as(who).post('/api/totp-disable', {
        logname: who.logname,
        password: who.password,
        code: codes.body.data.recovery_codes[0] ?? first,
      });
      expect(off.status, JSON.stringify(off.body)).toBe(200);
      t.clock.advance(30_000);
      await turnOn(who);
      const removed = await f.as(staff).post('/api/remove-second-factor', { logname: who.logname });
      expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    }
    const es = spanish.logname;
    const on = await notice(spanish, 'notice.second-factor-on');
    expect(on.subject).toBe(`El segundo factor está activado en la cuenta ${es}`);
    expect(on.body).toBe(
      [
        `Una aplicación de autenticación protege ahora el inicio de sesión de la cuenta ${es} (configurada por ${es}).`,
        'Al iniciar sesión se pide ahora un código de la aplicación o uno de los códigos de recuperación.',
        '',
        NOTICE_CLOSING.es,
      ].join('\n'),
    );
    const codes = await notice(spanish, 'notice.recovery-codes');
    expect(codes.subject).toBe(`Nuevos códigos de recuperación para la cuenta ${es}`);
    expect(codes.body).toBe(
      `Se generaron nuevos códigos de recuperación para la cuenta ${es} (por ${es}); los anteriores ya no sirven.\n\n${NOTICE_CLOSING.es}`,
    );
    const off = await notice(spanish, 'notice.second-factor-off');
    expect(off.subject).toBe(`El segundo factor de la cuenta ${es} está desactivado`);
    expect(off.body).toBe(
      `Se desactivó la aplicación de autenticación de la cuenta ${es} (por ${es}).\nAl iniciar sesión se pide ahora solo la contraseña.\n\n${NOTICE_CLOSING.es}`,
    );
    const removed = await notice(spanish, 'notice.second-factor-removed');
    expect(removed.subject).toBe(`Se quitó el segundo factor de la cuenta ${es}`);
    expect(removed.body).toBe(
      [
        `Nuestro personal (${staff.logname}) quitó el segundo factor de la cuenta ${es} a petición suya.`,
        'Se cerraron todas las sesiones de la cuenta. Inicie sesión con su contraseña y configure una nueva aplicación de autenticación.',
        '',
        NOTICE_CLOSING.es,
      ].join('\n'),
    );

    const en = english.logname;
    const enOn = await notice(english, 'notice.second-factor-on');
    expect(enOn.subject).toBe(`A second factor is on for account ${en}`);
    expect(enOn.body).toBe(
      [
        `An authenticator app now protects the sign-in of account ${en} (set up by ${en}).`,
        'Signing in now asks for a code from the app, or one of the recovery codes.',
        '',
        NOTICE_CLOSING.en,
      ].join('\n'),
    );
    const enCodes = await notice(english, 'notice.recovery-codes');
    expect(enCodes.subject).toBe(`New recovery codes for account ${en}`);
    expect(enCodes.body).toBe(
      `New recovery codes were made for account ${en} (by ${en}); the old ones no longer work.\n\n${NOTICE_CLOSING.en}`,
    );
    const enOff = await notice(english, 'notice.second-factor-off');
    expect(enOff.subject).toBe(`The second factor of account ${en} is off`);
    expect(enOff.body).toBe(
      `The authenticator app of account ${en} was turned off (by ${en}).\nSigning in now asks for the password only.\n\n${NOTICE_CLOSING.en}`,
    );
    const enRemoved = await notice(english, 'notice.second-factor-removed');
    expect(enRemoved.subject).toBe(`The second factor of account ${en} was removed`);
    expect(enRemoved.body).toBe(
      [
        `Our staff (${staff.logname}) removed the second factor of account ${en} at your request.`,
        'Every session of the account was ended. Sign in with your password and set up a new authenticator app.',
        '',
        NOTICE_CLOSING.en,
      ].join('\n'),
    );
  });

  it('tells of a passkey added and removed in the account language', async () => {
    const { spanish, english } = await twoAccounts();
    const auth = new SoftAuthenticator(relyingParty(t.app.deps.config).origin);
    const at = t.clock.now();
    for (const who of [spanish, english]) {
      const options = await f.as(who).post('/api/passkey-register-options', { logname: who.logname });
      expect(options.status, JSON.stringify(options.body)).toBe(200);
      const made = await f.as(who).post('/api/passkey-register', {
        logname: who.logname,
        name: 'Laptop',
        response: auth.create(options.body.data),
        password: who.password,
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const removed = await f
        .as(who)
        .post('/api/delete-passkey', { logname: who.logname, id: made.body.data.id, password: who.password });
      expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    }
    await t.drainJobs();
    const mail = (who: Account, subject: string) =>
      lastMail(t, { kind: 'security.passkey', to: who.email, subject });

    const es = spanish.logname;
    const esClosing =
      'Si no fue usted, inicie sesión, elimine la llave de acceso en Cuenta > Seguridad, cambie su contraseña del panel de socios y escriba a help@example.net.';
    const added = await mail(spanish, 'Se añadió una llave de acceso a su cuenta');
    expect(added.body).toBe(
      [
        `Se añadió una llave de acceso llamada "Laptop" a su cuenta ${es} el ${esMoment(at)}.`,
        'Con ella se puede iniciar sesión en el portal de miembros sin su contraseña.',
        '',
        esClosing,
        '',
      ].join('\n'),
    );
    const removed = await mail(spanish, 'Se eliminó una llave de acceso de su cuenta');
    expect(removed.body).toBe(
      [
        `Se eliminó la llave de acceso llamada "Laptop" de su cuenta ${es} el ${esMoment(at)}.`,
        'Con ella ya no se puede iniciar sesión en el portal de miembros.',
        '',
        esClosing,
        '',
      ].join('\n'),
    );

    const en = english.logname;
    const enClosing =
      'If this was not you, sign in, remove the passkey under Account > Security, change your panel password, and contact help@example.net.';
    const enAdded = await mail(english, 'A passkey was added to your account');
    expect(enAdded.body).toBe(
      [
        `A passkey named "Laptop" was added to your account ${en} on ${at.toUTCString()}.`,
        'It can sign in to the members portal without your password.',
        '',
        enClosing,
        '',
      ].join('\n'),
    );
    const enRemoved = await mail(english, 'A passkey was removed from your account');
    expect(enRemoved.body).toBe(
      [
        `The passkey named "Laptop" was removed from your account ${en} on ${at.toUTCString()}.`,
        'It can no longer sign in to the members portal.',
        '',
        enClosing,
        '',
      ].join('\n'),
    );
  });
});

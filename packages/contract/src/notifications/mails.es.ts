import type { Catalogue } from '../i18n/catalogue.ts';
import type { accountNoticeText, resetMailText } from './mails.ts';

export const resetMailTextEs: Catalogue<typeof resetMailText> = {
  panelPassword: 'del panel de socios',
  emailPassword: 'de correo/unix',
  subject: (name: string) => `Restablecimiento de su contraseña ${name}`,
  body: (name: string, owner: string, minutes: number, link: string) =>
    [
      `Alguien (esperamos que usted) ha pedido restablecer la contraseña ${name} de la cuenta ${owner}.`,
      '',
      `Para elegir una contraseña nueva, abra este enlace en los próximos ${minutes} minutos:`,
      '',
      link,
      '',
      'El enlace sirve una sola vez. Si usted no pidió el restablecimiento, ignore este mensaje: su contraseña no cambia.',
    ].join('\n'),
};

export const accountNoticeTextEs: Catalogue<typeof accountNoticeText> = {
  closing:
    'Si usted no hizo este cambio, inicie sesión y cambie su contraseña de inmediato, y llame al servicio de asistencia.',
  newDeviceSubject: 'Nuevo inicio de sesión en su cuenta',
  unknown: 'desconocido',
  newDeviceBody: (account: string, when: string, browser: string, network: string) =>
    [
      `Se ha iniciado sesión en su cuenta ${account} desde un navegador que no la había usado antes.`,
      '',
      `Cuándo: ${when} UTC`,
      `Navegador: ${browser}`,
      `Red: ${network}`,
      '',
      'Si fue usted, no tiene que hacer nada. Sus sesiones y los inicios de sesión recientes aparecen en la pantalla Seguridad, donde puede cerrar la sesión de otros navegadores.',
    ].join('\n'),
};

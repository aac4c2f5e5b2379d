import type { Catalogue } from './i18n/catalogue.ts';
import { plural } from './i18n/catalogue.ts';
import type { commonText } from './messages.ts';

/** commonText in Spanish (docs/languages.md: `usted`, the terms of the glossary). */
export const commonTextEs: Catalogue<typeof commonText> = {
  required: 'Obligatorio',
  reqd: 'Oblig.',
  minChars: (n) => `Debe tener al menos ${n} ${plural('es', n, { one: 'carácter', other: 'caracteres' })}`,
  passwordsMustMatch: 'Las contraseñas deben coincidir',
  invalidCcn: 'Número de tarjeta de crédito no válido',
  invalidCreditCard: 'Tarjeta de crédito no válida',
  invalidDate: 'Fecha no válida (MMAA)',
  expiredCard: 'Tarjeta vencida (MMAA)',
  invalidExpiration: 'Vencimiento no válido',
  amountPositive: 'El importe debe ser mayor que 0',
  mustBeNumber: 'Debe ser un número',
  invalidEmail: 'Este campo debe ser una dirección de correo electrónico válida',
  invalid: 'No válido',

  permissionDenied: 'Permiso denegado',
  internalError: 'Error interno',
  sessionExpired: 'La sesión ha caducado',
  notFound: 'No encontrado',
  accountNotFound: 'Cuenta no encontrada',
  domainNotFound: 'Dominio no encontrado',
  sessionNotFound: 'Sesión no encontrada',
  invalidInput: 'Datos no válidos',
  tooLarge: 'Solicitud demasiado grande',
  unavailable: 'Servicio no disponible temporalmente',
  tooManyRequests: (seconds) => {
    const wait =
      seconds <= 60
        ? `${seconds} ${plural('es', seconds, { one: 'segundo', other: 'segundos' })}`
        : `${Math.ceil(seconds / 60)} ${plural('es', Math.ceil(seconds / 60), { one: 'minuto', other: 'minutos' })}`;
    return `Demasiadas solicitudes: vuelva a intentarlo dentro de ${wait}`;
  },
  passwordChecksBusy: (seconds) =>
    `Demasiados inicios de sesión a la vez: vuelva a intentarlo dentro de ${seconds} ${plural('es', seconds, { one: 'segundo', other: 'segundos' })}`,

  loginFailedTitle: 'No se pudo iniciar sesión',
  loginUseAccountName: 'Inicie sesión con su nombre de cuenta, no con su dirección de correo electrónico',
  loginFailedTimes: (n) =>
    `No se pudo iniciar sesión (${n} ${plural('es', n, { one: 'intento fallido', other: 'intentos fallidos' })})`,
  loginResetNext: '¿Olvidó su contraseña? Restablézcala por correo',
  badCredentials: 'Nombre de cuenta o contraseña incorrectos',
  tooManyAttempts: 'Demasiados intentos fallidos: espere unos minutos y vuelva a intentarlo',
  loggedIn: (user) => `Sesión iniciada: ${user}`,
  loggedOut: 'Sesión cerrada',
  logoutMessage: 'Ha cerrado la sesión',
  userNotFound: (text) => `Usuario no encontrado: ${text}`,
  networkFailed: 'Error',
  staffOnly: 'Solo para el personal',

  grantPasswordRequired: 'Introduzca su contraseña actual para confirmar este cambio',
  grantPasswordWrong: 'Esa no es su contraseña actual: no se ha cambiado nada',

  secondaryNoBilling: 'Las cuentas secundarias no tienen acceso a la información de facturación',
  secondaryNoStatement:
    'Las opciones de envío de estados de cuenta solo están disponibles para la cuenta principal',
  secondaryNoInfo: 'Las cuentas secundarias no tienen acceso a esta información',
  invoicesPrimaryOnly: 'Las facturas solo son visibles para el titular de la cuenta principal',
  messageSentBy: (operator) => `Mensaje enviado por ${operator}`,
  messageSentByFor: (operator, account) => `Mensaje enviado por ${operator} en nombre de ${account}`,
};

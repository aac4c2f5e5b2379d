import type { Catalogue } from '../i18n/catalogue.ts';
import type { secondFactorText } from './second-factor-messages.ts';

/** The second factor in Spanish (docs/languages.md: `usted`, the glossary's terms). */
export const secondFactorTextEs: Catalogue<typeof secondFactorText> = {
  mfaRequired: 'Escriba el código de su aplicación de autenticación',
  wrongCode: 'Ese código no es correcto: inténtelo de nuevo',
  codeUsed: 'Ese código ya se usó: espere al siguiente',
  challengeExpired: 'Este inicio de sesión ha caducado: inicie sesión de nuevo',
  codeRequired: 'Escriba el código',
  notSetUp: 'Configure primero la aplicación de autenticación',
  alreadyOn: 'Ya hay una aplicación de autenticación activada: desactívela primero para cambiarla',
  notOn: 'Esta cuenta no tiene ninguna aplicación de autenticación activada',
  turnedOn:
    'La aplicación de autenticación está activada. Guarde sus códigos de recuperación en un lugar seguro.',
  turnedOff: 'La aplicación de autenticación está desactivada',
  codesMade: 'Se crearon nuevos códigos de recuperación: los anteriores ya no sirven',
  removed: (logname) => `Se quitó el segundo factor de ${logname} y se cerraron sus sesiones`,
  staffOnlyOwn:
    'El personal no puede configurar un segundo factor para un cliente: lo configura el propio cliente',
  setupRequired:
    'Las cuentas del personal necesitan un segundo factor: configure una aplicación de autenticación antes que nada (Cuenta → Seguridad)',
  noSecondFactor: 'Esta cuenta no tiene segundo factor',
  usePasskey: 'Usar una llave de acceso',
  passkeyNotAccepted:
    'No se aceptó esta llave de acceso: use una llave de acceso de esta cuenta o escriba un código',
  passkeyCancelled:
    'La solicitud de la llave de acceso se canceló o se agotó el tiempo: inténtelo de nuevo o escriba un código',
  passkeyUnsupported: 'Este navegador no puede usar llaves de acceso: escriba un código',
  passkeyFailed: 'No se pudo usar la llave de acceso: inténtelo de nuevo o escriba un código',
  passkeyFailedTitle: 'Llave de acceso no usada',
  noPasskey: 'Esta cuenta no tiene llave de acceso: escriba un código',
  codeOrPasskey: 'Envíe un código o una llave de acceso, no ambos',
  stepTitle: 'Inicio de sesión en dos pasos',
  recoveryCodePrompt:
    'Escriba uno de los códigos de recuperación que guardó al configurar la aplicación. Cada uno sirve una sola vez.',
  verify: 'Verificar',
  useRecoveryCode: 'Usar un código de recuperación',
  useAuthenticator: 'Usar la aplicación de autenticación',
  startOver: 'Empezar de nuevo',
  codeLabel: 'Código de su aplicación de autenticación',
  recoveryCodeLabel: 'Código de recuperación',
};

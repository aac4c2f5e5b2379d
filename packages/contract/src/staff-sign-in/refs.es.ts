import type { Catalogue } from '../i18n/catalogue.ts';
import type { staffSignInText } from './refs.ts';

/** A refused directory sign-in in Spanish (docs/languages.md: `usted`, the glossary's terms). */
export const staffSignInTextEs: Catalogue<typeof staffSignInText> = {
  notConfigured: 'En este portal no está configurado el inicio de sesión con el directorio del personal.',
  state:
    'No se pudo asociar el inicio de sesión con el directorio del personal a este navegador (su estado no coincidía). Vuelva a empezar desde la página de inicio de sesión.',
  idToken:
    'No se pudo confiar en la respuesta del directorio del personal (su token de identidad había caducado o era de otro inicio de sesión). Vuelva a empezar desde la página de inicio de sesión.',
  directory:
    'El directorio del personal rechazó el inicio de sesión o no se pudo contactar. Vuelva a empezar desde la página de inicio de sesión o consulte a los administradores del directorio.',
  notStaff:
    'Su cuenta del directorio no pertenece al grupo del personal del portal, así que no puede iniciar sesión en el portal como personal. Los clientes inician sesión con su nombre de cuenta y su contraseña.',
  taken:
    'El nombre de usuario de su cuenta del directorio pertenece a una cuenta del portal que no está vinculada al directorio, así que no puede iniciar sesión. Pida a un administrador que cambie el nombre de esa cuenta local o que la elimine.',
  handoff:
    'Este enlace de inicio de sesión ya se usó o caducó. Vuelva a empezar desde la página de inicio de sesión.',
  localOff:
    'En este portal, el personal inicia sesión con el directorio del personal; las contraseñas locales del personal están desactivadas.',
};

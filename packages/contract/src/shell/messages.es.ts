import type { Catalogue } from '../i18n/catalogue.ts';
import type { loginText, shellText } from './messages.ts';

/** The login screen and the shell in Spanish (docs/languages.md: `usted`, the glossary's terms). */
export const loginTextEs: Catalogue<typeof loginText> = {
  signIn: 'Iniciar sesión',
  useAccountName: 'Use su nombre de cuenta (logname), no su dirección de correo electrónico.',
  username: 'Nombre de cuenta',
  password: 'Contraseña',
  showPassword: 'Mostrar contraseña',
  hidePassword: 'Ocultar contraseña',
  login: 'Entrar',
  forgotPanel: '¿Olvidó la contraseña del panel?',
  forgotEmail: '¿Olvidó la contraseña del correo?',
  quickReferences: 'Referencias rápidas',
  loading: 'Cargando…',
  language: 'Idioma',
  signInWith: (name) => `Iniciar sesión con ${name}`,
};

export const shellTextEs: Catalogue<typeof shellText> = {
  toggleNavigation: 'Mostrar u ocultar la navegación',
  mainNavigation: 'Navegación principal',
  workingOnLabel: 'Trabajando en:',
  logout: 'Cerrar sesión',
  loading: 'Cargando…',
  accountWorkedOn: 'Cuenta en la que se trabaja',
  workingOn: (account) => `Trabajando en ${account}`,
  customerLanguage: (language) => `idioma: ${language}`,
  backTo: (operator) => `Volver a ${operator}`,
  language: 'Idioma',
  languageNames: (language) => (language === 'es' ? 'español' : 'inglés'),
  adminTools: 'Administración',
  resources: 'Recursos',
  lognameOrUid: 'Nombre de cuenta o UID',
  searchHint:
    'Nombre de cuenta o UID; o parte de un nombre, una dirección de correo electrónico o un dominio',
  findAccount: 'Buscar cuenta',
  chooseAccount: 'Elija una cuenta',
  firstMatches: (n) => `Las primeras ${n} coincidencias: escriba más para acotar la búsqueda.`,
  noteFor: (account) => `Nota sobre ${account}`,
  noteModified: (lastmod) => `Última modificación: ${lastmod}`,
  switchMode: (mode) => (mode === 'dark' ? 'Cambiar al modo oscuro' : 'Cambiar al modo claro'),
  followDevice: 'Usar el modo claro u oscuro del dispositivo',
  close: 'Cerrar',
};

import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@portal/contract/i18n/languages';
import { SET_LANGUAGE } from '@portal/contract/session/typed-refs';
import { loginText } from '@portal/contract/shell/messages';
import { call } from './api.ts';
import { showLanguage, t, useLanguage } from './language.ts';
import { session } from './session.ts';

/**
 * The language picker of the login screen and the top bar: each language named in itself. Signed
 * in, the choice is the account's (kept for its other devices and its mails); before, this browser's.
 */
export function LanguagePicker() {
  const current = useLanguage();
  const choose = async (language: Language) => {
    const { loggedIn, operator } = session.get();
    await showLanguage(language);
    if (loggedIn) await call(SET_LANGUAGE, { body: { logname: operator, language } }).catch(() => {});
  };
  return (
    <select
      aria-label={t(loginText).language}
      data-testid="language-picker"
      className="language-picker tap-target"
      value={current}
      onChange={(e) => void choose(e.currentTarget.value as Language)}
    >
      {LANGUAGES.map((l) => (
        <option key={l} value={l} lang={l}>
          {LANGUAGE_NAMES[l]}
        </option>
      ))}
    </select>
  );
}

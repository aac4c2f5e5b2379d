import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@portal/contract/i18n/languages';
import { SET_LANGUAGE } from '@portal/contract/session/typed-refs';
import { loginText } from '@portal/contract/shell/messages';
import { call } from './api.ts';
import { showLanguage, t, useLanguage } from './language.ts';
import { session } from './session.ts';

/**
 * Shows the page in `language` at once; signed in, makes it the account's (kept for its other
 * devices and its mails); before, this browser's. A refusal leaves the page as chosen: the
 * account keeps its language until the next choice.
 */
async function chooseOwnLanguage(language: Language): Promise<void> {
  const { loggedIn, operator } = session.get();
  await showLanguage(language);
  if (loggedIn) await call(SET_LANGUAGE, { body: { logname: operator, language } }).catch(() => {});
}

interface LanguagePickerProps {
  /** Its accessible name; "Language" in the page's language unless given. */
  label?: string;
  /** The language shown as chosen; the page's own unless given. */
  value?: Language;
  /** What a choice does; `chooseOwnLanguage` unless given (staff choosing a customer's). */
  onChoose?: (language: Language) => void;
  testId?: string;
}

/**
 * The language picker of the login screen, the top bar, the sidebar and the account's
 * Notifications screen: each language named in itself. Without props it is the signed-in
 * account's own language (or this browser's before sign-in).
 */
export function LanguagePicker({
  label,
  value,
  onChoose,
  testId = 'language-picker',
}: LanguagePickerProps = {}) {
  const current = useLanguage();
  const choose = onChoose ?? ((language: Language) => void chooseOwnLanguage(language));
  return (
    <select
      aria-label={label ?? t(loginText).language}
      data-testid={testId}
      className="language-picker tap-target"
      value={value ?? current}
      onChange={(e) => choose(e.currentTarget.value as Language)}
    >
      {LANGUAGES.map((l) => (
        <option key={l} value={l} lang={l}>
          {LANGUAGE_NAMES[l]}
        </option>
      ))}
    </select>
  );
}

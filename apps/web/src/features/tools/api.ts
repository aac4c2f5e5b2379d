import { toolsText } from '@portal/contract/tools/messages';
import { failureText } from '../../app/api.ts';
import { t } from '../../app/language.ts';

/**
 * The tools' calls are actions, not data to cache: each press is a mutation. Their failures show
 * in the answer box as "Error: {error}", with the field's own text when the server
 * names one (it is the tool's message, without the field name).
 */

/** What an answer box shows after a call: the answer, or "Error: …". */
export interface Answer {
  text: string;
  error: boolean;
}

export const answerOf = (text: string): Answer => ({ text, error: false });
export const errorOf = (err: unknown): Answer => ({
  text: t(toolsText).answerError(failureText(err, 'first-field')),
  error: true,
});

import { accountText } from '@portal/contract/account/messages';
import { ApiError, failureText } from '../../app/api.ts';
import { t } from '../../app/language.ts';
import { Lines } from '../../ui/lines.tsx';

/**
 * The server's message for a failed call, then "Please contact help" (or, for a breached password
 * — the code breached_password — to choose another).
 */
export function failureBody(err: unknown) {
  const hint =
    err instanceof ApiError && err.code === 'breached_password'
      ? t(accountText).chooseAnother
      : t(accountText).contactHelp;
  return <Lines lines={[failureText(err), hint]} />;
}

/** A refusal the server answered with a message (an empty message is success): it, then "Please contact help". */
export function withContactHelp(message: string) {
  return <Lines lines={[message, t(accountText).contactHelp]} />;
}

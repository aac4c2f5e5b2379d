import { RequestResetForm } from './request-reset-form.tsx';

/** Request Email Password Reset (/request-email-reset). */
export default function RequestEmailResetPage() {
  return <RequestResetForm kind="email" />;
}

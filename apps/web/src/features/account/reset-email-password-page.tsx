import { ResetPasswordForm } from './reset-password-form.tsx';

/** Reset Email Password (/reset-email-password/{token}). */
export default function ResetEmailPasswordPage() {
  return <ResetPasswordForm kind="email" />;
}

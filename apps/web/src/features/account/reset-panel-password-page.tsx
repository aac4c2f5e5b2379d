import { ResetPasswordForm } from './reset-password-form.tsx';

/** Reset Panel Password (/reset-panel-password/{token}). */
export default function ResetPanelPasswordPage() {
  return <ResetPasswordForm kind="panel" />;
}

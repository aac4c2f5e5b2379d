import { RequestResetForm } from './request-reset-form.tsx';

/** Request Panel Password Reset (/request-panel-reset). */
export default function RequestPanelResetPage() {
  return <RequestResetForm kind="panel" />;
}

import { Alert, Loader } from '@mantine/core';
import { commonText } from '@portal/contract/messages';
import type { ReactNode } from 'react';
import { useAccountRole, useUrls } from '../../app/shared-queries.ts';
import { SHOW_AT_ONCE } from '../../ui/page.tsx';
import { billingText } from '@portal/contract/billing/messages';
import { billingScreenText } from '@portal/contract/billing/screen-messages';
import { t, useLanguage } from '../../app/language.ts';

/**
 * Billing content for Primary accounts only: a Secondary sees the spec's message instead
 * (invoices use the spec's own text for invoices).
 */
export function PrimaryOnly({
  children,
  message = t(commonText).secondaryNoBilling,
}: {
  children: ReactNode;
  message?: string;
}) {
  const role = useAccountRole();
  useLanguage();
  if (role.isLoading) return <Loader size="sm" aria-label={t(billingScreenText).loading} />;
  if (role.data?.account_role === 'Secondary') {
    return (
      <Alert color="yellow" title={t(commonText).permissionDenied} data-testid="secondary-refusal">
        {message}
      </Alert>
    );
  }
  return <>{children}</>;
}

/**
 * Shown on card and payment screens while payments go to the sandbox gateway. It heads their
 * content and needs none of the screen's data: it shows at once, with the heading.
 */
export function SandboxNotice() {
  const { data } = useUrls();
  useLanguage();
  if (!data?.sandbox_payments) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      title={t(billingScreenText).sandbox}
      data-testid="sandbox-notice"
      style={SHOW_AT_ONCE}
    >
      {t(billingText).sandboxNotice}
    </Alert>
  );
}

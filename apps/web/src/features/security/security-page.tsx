import { Page } from '../../ui/page.tsx';
import { PasskeysPanel } from './passkeys-panel.tsx';

/** Account → Security: one panel per way of proving who you are (issue 18). */
export default function SecurityPage() {
  return (
    <Page title="Security" width={960}>
      <PasskeysPanel />
    </Page>
  );
}

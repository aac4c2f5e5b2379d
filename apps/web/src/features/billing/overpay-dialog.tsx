import { Button, Group, Modal, Text } from '@mantine/core';
import { billingText } from '@portal/contract/billing/messages';
import { t, useLanguage } from '../../app/language.ts';

/**
 * The pay form's question before a payment of more than is due. A module of its own, loaded when
 * the question is first asked: Modal's code (the `overlays` chunk) is then not part of Make a
 * Payment's first download (docs/decisions/109-signed-in-phone-budget.md).
 */
export default function OverpayDialog({
  question,
  onCancel,
  onConfirm,
}: {
  /** The question; null when none is asked (the dialog closes). */
  question: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  useLanguage();
  const b = t(billingText);
  return (
    <Modal opened={question !== null} onClose={onCancel} title={<Text fw={700}>{b.overpayTitle}</Text>}>
      {question !== null && <Text data-testid="overpay-question">{question}</Text>}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel}>
          {b.overpayCancel}
        </Button>
        <Button onClick={onConfirm}>{b.overpayConfirm}</Button>
      </Group>
    </Modal>
  );
}

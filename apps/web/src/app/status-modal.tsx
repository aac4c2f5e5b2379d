import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { session, useSession } from './session.ts';
import { alertColor } from './status.ts';
import { shellText } from '@portal/contract/shell/messages';
import { t } from './language.ts';

/** The modal of modal-type status messages: title, body, footer, Close. */
export default function StatusModalView() {
  const { status } = useSession();
  const open = status?.type === 'modal';
  const closeModal = () => session.set({ status: null });
  return (
    <Modal
      opened={open}
      onClose={closeModal}
      title={<Text fw={700}>{status?.title}</Text>}
      size={status?.size ?? 'md'}
      closeButtonProps={{ 'aria-label': t(shellText).close }}
      centered
    >
      {status && (
        <Alert
          color={alertColor(status.alert)}
          variant="light"
          data-testid="modal-body"
          style={{ textAlign: status.alert === 'info-left' ? 'left' : undefined }}
        >
          <div>{status.body}</div>
        </Alert>
      )}
      {status?.footer && (
        <Text size="sm" c="dimmed" mt="sm">
          {status.footer}
        </Text>
      )}
      <Group justify="flex-end" mt="md">
        <Button onClick={closeModal}>{t(shellText).close}</Button>
      </Group>
    </Modal>
  );
}

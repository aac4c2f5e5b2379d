import { ActionIcon, CopyButton, Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { Answer } from './api.ts';
import { useTones } from './tones.ts';

/**
 * The answer box of the text tools: the last answer in a monospaced box that keeps line breaks,
 * with a copy button, or "Error: …" in red. Announced to screen readers when it changes.
 */
export function AnswerBox({
  label,
  answer,
  empty = 'The answer appears here.',
  caption,
}: {
  label: string;
  answer: Answer | null;
  empty?: string;
  /** What the answer is (e.g. "SHA-1"), shown above it. */
  caption?: string;
}) {
  const { muted, danger } = useTones();
  return (
    <Paper withBorder p="sm" radius="sm" aria-label={label} data-testid="answer-box">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div role="status" aria-live="polite" style={{ minWidth: 0, flex: 1 }}>
          {caption && answer && !answer.error && (
            <Text size="xs" c={muted} mb={4}>
              {caption}
            </Text>
          )}
          {answer ? (
            <Text
              ff="monospace"
              size="sm"
              c={answer.error ? danger : undefined}
              data-testid={answer.error ? 'answer-error' : 'answer'}
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            >
              {answer.text}
            </Text>
          ) : (
            <Text size="sm" c={muted}>
              {empty}
            </Text>
          )}
        </div>
        {answer && !answer.error && (
          <CopyButton value={answer.text} timeout={1500}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow position="left">
                <ActionIcon
                  variant="subtle"
                  color={copied ? 'teal' : 'gray'}
                  onClick={copy}
                  aria-label={copied ? 'Copied' : 'Copy the answer'}
                >
                  {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        )}
      </Group>
    </Paper>
  );
}

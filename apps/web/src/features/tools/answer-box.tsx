import { ActionIcon, CopyButton, Group, Paper, Text, Tooltip } from '@mantine/core';
import { toolsScreenText } from '@portal/contract/tools/messages';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { t } from '../../app/language.ts';
import type { Answer } from './api.ts';
import { useTones } from './tones.ts';

/**
 * The answer box of the text tools: the last answer in a monospaced box that keeps line breaks,
 * with a copy button, or "Error: …" in red. Announced to screen readers when it changes.
 */
export function AnswerBox({
  label,
  answer,
  empty,
  caption,
}: {
  label: string;
  answer: Answer | null;
  empty?: string;
  /** What the answer is (e.g. "SHA-1"), shown above it. */
  caption?: string;
}) {
  const { muted, danger } = useTones();
  const m = t(toolsScreenText);
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
              {empty ?? m.answerEmpty}
            </Text>
          )}
        </div>
        {answer && !answer.error && (
          <CopyButton value={answer.text} timeout={1500}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? m.copied : m.copy} withArrow position="left">
                <ActionIcon
                  variant="subtle"
                  color={copied ? 'teal' : 'gray'}
                  onClick={copy}
                  aria-label={copied ? m.copied : m.copyAnswer}
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

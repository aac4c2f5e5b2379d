import { Button, Group, List, Stack, TextInput } from '@mantine/core';
import { humantime, unixtime } from '@portal/contract/tools/calls';
import { toolsScreenText, toolsText } from '@portal/contract/tools/messages';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { call } from '../../app/api.ts';
import { t } from '../../app/language.ts';
import { Page } from '../../ui/page.tsx';
import { AnswerBox } from './answer-box.tsx';
import { type Answer, answerOf, errorOf } from './api.ts';
import { useTones } from './tones.ts';

/** "2,592,000" → "2592000"; blank means no displacement (the current time). */
const displacement = (text: string): string => text.replace(/,/g, '').trim() || '0';

/**
 * Unix Time (the spec's "Utility tools"): the current time plus or minus some seconds, and a
 * timestamp as a date-time. Both answers go to the one answer box at the top.
 */
export default function UnixTimePage() {
  const { muted } = useTones();
  const [offset, setOffset] = useState('');
  const [timestamp, setTimestamp] = useState('');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [caption, setCaption] = useState('');

  const shift = useMutation({
    mutationFn: (seconds: string) =>
      call(unixtime, { params: { seconds_offset: seconds } }).then((r) => r.data.unixtime),
    onSuccess: (value, seconds) => {
      const n = Number(seconds);
      setCaption(
        n === 0
          ? t(toolsScreenText).currentUnixTime
          : t(toolsScreenText).currentUnixTimeShifted(n > 0 ? '+' : '−', Math.abs(n)),
      );
      setAnswer(answerOf(String(value)));
    },
    onError: (err) => setAnswer(errorOf(err)),
  });
  const convert = useMutation({
    mutationFn: (ts: string) => call(humantime, { params: { timestamp: ts } }).then((r) => r.data.datetime),
    onSuccess: (value, ts) => {
      setCaption(t(toolsScreenText).unixTimestampOf(ts));
      setAnswer(answerOf(value));
    },
    onError: (err) => setAnswer(errorOf(err)),
  });

  const submitShift = (e: FormEvent) => {
    e.preventDefault();
    shift.mutate(displacement(offset));
  };
  const submitConvert = (e: FormEvent) => {
    e.preventDefault();
    const ts = timestamp.trim();
    if (!ts) {
      setAnswer({ text: t(toolsText).answerError(t(toolsText).timestampRequired), error: true });
      return;
    }
    convert.mutate(ts);
  };

  return (
    <Page title={t(toolsText).unixTitle} width={760}>
      <AnswerBox label={t(toolsScreenText).answer} answer={answer} caption={caption} />
      <form onSubmit={submitShift} noValidate>
        <Stack gap="xs">
          <Group align="flex-end" gap="xs">
            <TextInput
              label={t(toolsText).offsetLabel}
              placeholder="86400"
              inputMode="numeric"
              value={offset}
              onChange={(e) => setOffset(e.currentTarget.value)}
              w={260}
              maw="100%"
            />
            <Button type="submit" loading={shift.isPending}>
              {t(toolsText).offsetButton}
            </Button>
          </Group>
          <List size="sm" c={muted} spacing={2}>
            <List.Item>{t(toolsText).hintDay}</List.Item>
            <List.Item>{t(toolsText).hint30Days}</List.Item>
            <List.Item>{t(toolsText).hintYear}</List.Item>
          </List>
        </Stack>
      </form>
      <form onSubmit={submitConvert} noValidate>
        <Group align="flex-end" gap="xs">
          <TextInput
            label={t(toolsText).timestampLabel}
            placeholder="1700000000"
            inputMode="numeric"
            value={timestamp}
            onChange={(e) => setTimestamp(e.currentTarget.value)}
            w={260}
            maw="100%"
          />
          <Button type="submit" loading={convert.isPending}>
            {t(toolsText).timestampButton}
          </Button>
        </Group>
      </form>
    </Page>
  );
}

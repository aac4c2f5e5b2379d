import { Button, Group, Textarea } from '@mantine/core';
import { decodeBase64, encodeBase64 } from '@portal/contract/tools/calls';
import { toolsScreenText, toolsText } from '@portal/contract/tools/messages';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../app/api.ts';
import { t } from '../../app/language.ts';
import { Page } from '../../ui/page.tsx';
import { AnswerBox } from './answer-box.tsx';
import { type Answer, answerOf, errorOf } from './api.ts';

type Direction = 'encode' | 'decode';

/** Base64 of UTF-8 text (route /bas64): a six-row textarea, Encode and Decode, an answer box. */
export default function Base64Page() {
  const [text, setText] = useState('');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const run = useMutation({
    mutationFn: (direction: Direction) =>
      call(direction === 'encode' ? encodeBase64 : decodeBase64, {
        body: { item: direction, cleartext: text },
      }).then((r) => r.data.result),
    onSuccess: (result) => setAnswer(answerOf(result)),
    onError: (err) => setAnswer(errorOf(err)),
  });
  const button = (direction: Direction, label: string) => (
    <Button
      onClick={() => run.mutate(direction)}
      loading={run.isPending && run.variables === direction}
      disabled={run.isPending && run.variables !== direction}
    >
      {label}
    </Button>
  );

  return (
    <Page title={t(toolsText).base64Title} width={760}>
      <Textarea
        label={t(toolsText).base64Label}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        rows={6}
        spellCheck={false}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <Group gap="xs">
        {button('encode', t(toolsScreenText).encode)}
        {button('decode', t(toolsScreenText).decode)}
      </Group>
      <AnswerBox label={t(toolsScreenText).answer} answer={answer} />
    </Page>
  );
}

import { Button, Group, Text, Textarea } from '@mantine/core';
import { bcrypt, md5, sha1 } from '@portal/contract/tools/calls';
import { toolsScreenText, toolsText } from '@portal/contract/tools/messages';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../app/api.ts';
import { t } from '../../app/language.ts';
import { Page } from '../../ui/page.tsx';
import { AnswerBox } from './answer-box.tsx';
import { type Answer, answerOf, errorOf } from './api.ts';
import { useTones } from './tones.ts';

const KINDS = {
  md5: { label: 'MD5', def: md5 },
  sha1: { label: 'SHA-1', def: sha1 },
  bcrypt: { label: 'bcrypt', def: bcrypt },
} as const;
type Kind = keyof typeof KINDS;

/** Hash generator (the spec's "Utility tools"): a textarea, MD5 / SHA-1 / bcrypt, the result in a box. */
export default function Md5Page() {
  const { muted } = useTones();
  const [text, setText] = useState('');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [caption, setCaption] = useState('');
  const hash = useMutation({
    mutationFn: (kind: Kind) =>
      call(KINDS[kind].def, { body: { item: kind, cleartext: text } }).then((r) => r.data.result),
    onSuccess: (result, kind) => {
      setCaption(KINDS[kind].label);
      setAnswer(answerOf(result));
    },
    onError: (err) => setAnswer(errorOf(err)),
  });

  return (
    <Page title={t(toolsText).hashTitle} width={760}>
      <Textarea
        label={t(toolsText).hashLabel}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        autosize
        minRows={4}
        maxRows={12}
        spellCheck={false}
      />
      <Group gap="xs">
        {(Object.keys(KINDS) as Kind[]).map((kind) => (
          <Button
            key={kind}
            onClick={() => hash.mutate(kind)}
            loading={hash.isPending && hash.variables === kind}
            disabled={hash.isPending && hash.variables !== kind}
          >
            {KINDS[kind].label}
          </Button>
        ))}
      </Group>
      <Text size="sm" c={muted}>
        {t(toolsText).hashHint}
      </Text>
      <AnswerBox label={t(toolsScreenText).result} answer={answer} caption={caption} />
    </Page>
  );
}

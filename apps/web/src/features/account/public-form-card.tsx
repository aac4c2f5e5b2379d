import { Card, Stack, Text, Title } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';

/**
 * A signed-out password form (request a reset, reset by the mailed link): a card in the middle of
 * the page, its title and help above the fields.
 */
export function PublicFormCard({
  title,
  help,
  onSubmit,
  children,
}: {
  title: string;
  help: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <Card
      withBorder
      shadow="sm"
      maw={480}
      mx="auto"
      mt="lg"
      p="lg"
      component="section"
      aria-labelledby="reset-title"
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Title order={2} id="reset-title">
            {title}
          </Title>
          <Text size="sm">{help}</Text>
          {children}
        </Stack>
      </form>
    </Card>
  );
}

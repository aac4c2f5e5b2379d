import { Card, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One part of the Security screen: a titled card, a region named by its title. */
export function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = `panel-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={3} id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

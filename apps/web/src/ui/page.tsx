import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A screen: its heading and content, at a readable width. */
export function Page({
  title,
  children,
  width = 960,
}: {
  title: ReactNode;
  children: ReactNode;
  width?: number;
}) {
  return (
    <Stack gap="md" maw={width} w="100%">
      <Title order={2}>{title}</Title>
      {children}
    </Stack>
  );
}

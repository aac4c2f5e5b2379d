import { Card } from '@mantine/core';
import type { ReactNode } from 'react';

/** The card every step of signing in shows in (the password, the second factor), named by its title. */
export function SignInCard({ titleId, children }: { titleId: string; children: ReactNode }) {
  return (
    <Card
      withBorder
      shadow="sm"
      maw={420}
      mx="auto"
      mt="lg"
      p="lg"
      component="section"
      aria-labelledby={titleId}
    >
      {children}
    </Card>
  );
}

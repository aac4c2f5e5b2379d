import { useComputedColorScheme } from '@mantine/core';

/**
 * Text colours that keep WCAG AA contrast (4.5:1) in both schemes: Mantine's "dimmed" grey and
 * its default red do not reach it on white.
 */
export function useTones(): { muted: string; danger: string } {
  const dark = useComputedColorScheme('light') === 'dark';
  return dark ? { muted: 'dark.1', danger: 'red.4' } : { muted: 'gray.7', danger: 'red.9' };
}

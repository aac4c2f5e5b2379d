import { Button, Group } from '@mantine/core';
import { usePagination } from '@mantine/hooks';
import { uiText } from '@portal/contract/ui/messages';
import { t } from '../app/language.ts';

/**
 * The table's page buttons: previous, the first and last pages, the current one with its
 * neighbours (gaps as "…"), next. Plain buttons: Mantine's Pagination would bring the forms
 * chunk to every list screen (docs/decisions/109-signed-in-phone-budget.md).
 */
export function Pager({
  total,
  value,
  onChange,
}: {
  total: number;
  value: number;
  onChange: (page: number) => void;
}) {
  const { range } = usePagination({ total, page: value, onChange, siblings: 1, boundaries: 1 });
  const step = (label: string, to: number, text: string) => (
    <Button
      size="compact-sm"
      variant="default"
      aria-label={label}
      disabled={to < 1 || to > total}
      onClick={() => onChange(to)}
    >
      <span aria-hidden="true">{text}</span>
    </Button>
  );
  return (
    <Group gap={6} wrap="wrap" component="nav" aria-label={t(uiText).pages} className="pager">
      {step(t(uiText).previousPage, value - 1, '‹')}
      {range.map((item, i) =>
        item === 'dots' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the gaps have no identity but their place
          <span key={`dots-${i}`} aria-hidden="true" className="pager-gap">
            …
          </span>
        ) : (
          <Button
            key={item}
            size="compact-sm"
            miw={28}
            variant={item === value ? 'filled' : 'default'}
            aria-current={item === value ? 'page' : undefined}
            onClick={() => onChange(item)}
          >
            {item}
          </Button>
        ),
      )}
      {step(t(uiText).nextPage, value + 1, '›')}
    </Group>
  );
}

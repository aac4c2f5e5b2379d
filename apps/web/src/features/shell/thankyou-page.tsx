import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBulb,
  IconCircleCheck,
  IconConfetti,
  IconHeartHandshake,
  IconMailbox,
  IconRocket,
  IconSparkles,
  IconStar,
  IconThumbUp,
} from '@tabler/icons-react';
import { STATUS_DATE_FORMAT } from '@portal/contract/constants';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../app/session.ts';
import { pagesText } from '@portal/contract/shell/pages-messages';
import { t, useLanguage } from '../../app/language.ts';
import type { Language } from '@portal/contract/i18n/languages';
import { momentIn } from '../../ui/date-time.ts';

/**
 * Nine icons, one chosen at random for each thank-you: drawn from the icon set (SVG), since an
 * emoji may render as an empty box where the system has no colour-emoji font.
 */
const ICONS = [
  IconConfetti,
  IconCircleCheck,
  IconThumbUp,
  IconStar,
  IconMailbox,
  IconRocket,
  IconHeartHandshake,
  IconBulb,
  IconSparkles,
];

/** When the status was set: as the spec writes it in English (STATUS_DATE_FORMAT), through Intl otherwise. */
function stamp(at: number, language: Language): string {
  return language === 'en' ? dayjs(at).format(STATUS_DATE_FORMAT) : momentIn(at, language);
}

/** The thank-you/status page: title, body, date, an icon and optional buttons. */
export default function ThankYouPage() {
  const { status } = useSession();
  const text = t(pagesText);
  const language = useLanguage();
  const Icon = useMemo(() => ICONS[Math.floor(Math.random() * ICONS.length)] ?? IconStar, []);
  if (!status) {
    return (
      <Card withBorder p="lg" maw={720}>
        <Title order={2}>{text.thankYou}</Title>
        <Group mt="md">
          <Button component={Link} to="/">
            {text.home}
          </Button>
        </Group>
      </Card>
    );
  }
  return (
    <Card withBorder p="lg" maw={720} data-testid="thankyou">
      <Stack>
        <Group gap="md" wrap="nowrap">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true" data-testid="thankyou-icon">
            <Icon size={36} stroke={1.6} />
          </ThemeIcon>
          <Title order={2}>{status.title}</Title>
        </Group>
        <div>{status.body}</div>
        <Text size="sm" c="dimmed">
          {stamp(status.at ?? Date.now(), language)}
        </Text>
        {status.footer && <Text size="sm">{status.footer}</Text>}
        <Group gap="sm">
          {(status.menu ?? []).map((m) =>
            m.url.startsWith('/') ? (
              <Button key={m.name} component={Link} to={m.url}>
                {m.name}
              </Button>
            ) : (
              <Button key={m.name} component="a" href={m.url} target="_blank" rel="noopener noreferrer">
                {m.name}
              </Button>
            ),
          )}
          <Button variant="default" component={Link} to="/">
            {text.home}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

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

/** The thank-you/status page: title, body, date, an icon and optional buttons. */
export default function ThankYouPage() {
  const { status } = useSession();
  const Icon = useMemo(() => ICONS[Math.floor(Math.random() * ICONS.length)] ?? IconStar, []);
  if (!status) {
    return (
      <Card withBorder p="lg" maw={720}>
        <Title order={2}>Thank you</Title>
        <Group mt="md">
          <Button component={Link} to="/">
            Home
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
          {dayjs(status.at ?? Date.now()).format(STATUS_DATE_FORMAT)}
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
            Home
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

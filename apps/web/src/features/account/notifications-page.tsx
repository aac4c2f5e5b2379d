import { Alert, Button, Group, Loader, Radio, Select, Stack, Text, Title } from '@mantine/core';
import type { NoticeCategory } from '@portal/contract/notifications/categories';
import type { NoticePreference, NoticePreferences, NoticeSendTo } from '@portal/contract/notifications/calls';
import { NOTICE_SEND_TO } from '@portal/contract/notifications/calls';
import { accountScreenText } from '@portal/contract/account/messages';
import { noticeText } from '@portal/contract/notifications/messages';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { failureText } from '../../app/api.ts';
import { t, useLanguage } from '../../app/language.ts';
import { useSession } from '../../app/session.ts';
import { useShowFailure, useStatus } from '../../app/status.ts';
import { Page } from '../../ui/page.tsx';
import { noticePreferencesQuery, useSetNoticePreference } from './api.ts';
import { LanguagePanel } from './language-panel.tsx';

/** Each category's label reads as the heading Security has, so the five line up. */
const CATEGORY_STYLES = { label: { fontWeight: 700, fontSize: 'var(--mantine-font-size-md)' } };

/** A category's choice on the screen: where it goes and its one copy ('' for none). */
type Choice = { sendTo: NoticeSendTo; copy: string };
type Choices = Partial<Record<NoticeCategory, Choice>>;

/** The copy field's value: `secondary:<logname>`, `recovery:<id>` or '' (the API's two fields, one used here). */
const copyOf = (p: NoticePreference) =>
  p.copy_secondary
    ? `secondary:${p.copy_secondary}`
    : p.copy_recovery !== null
      ? `recovery:${p.copy_recovery}`
      : '';

const copyFields = (copy: string) => ({
  copy_secondary: copy.startsWith('secondary:') ? copy.slice('secondary:'.length) : null,
  copy_recovery: copy.startsWith('recovery:') ? Number(copy.slice('recovery:'.length)) : null,
});

const choicesOf = (data: NoticePreferences): Choices =>
  Object.fromEntries(data.preferences.map((p) => [p.category, { sendTo: p.send_to, copy: copyOf(p) }]));

const same = (a: Choice | undefined, b: Choice | undefined) => a?.sendTo === b?.sendTo && a?.copy === b?.copy;

/** The copy field's options: none, the account's Secondary accounts, its confirmed recovery addresses. */
const copyOptions = (data: NoticePreferences) => [
  { value: '', label: t(noticeText).copyNone },
  ...data.copy_targets.secondaries.map((s) => ({
    value: `secondary:${s.logname}`,
    label: t(noticeText).copySecondary(s.logname, s.address),
  })),
  ...data.copy_targets.recovery.map((r) => ({
    value: `recovery:${r.id}`,
    label: t(noticeText).copyRecovery(r.address),
  })),
];

/** The address a choice stands for, shown under it. */
function addressOf(data: NoticePreferences, sendTo: NoticeSendTo): string | undefined {
  const { bill, own } = data.addresses;
  const or = (a: string) => a || t(noticeText).noAddress;
  if (sendTo === 'bill') return or(bill);
  if (sendTo === 'own') return or(own);
  if (sendTo === 'both') return bill && own ? `${bill}, ${own}` : or(bill || own);
  return undefined;
}

/**
 * Account → Notifications (docs/decisions/055-notification-preferences.md): per category of
 * customer mail, whether it goes to the bill email, the account's own address, both, or nowhere.
 * Security cannot be changed, so it is told, not offered. Staff working on an account see and
 * change its choices the same way (the server audits their change onto the activity list).
 * Under them, the account's language, which its mails are written in (language-panel.tsx).
 */
export default function NotificationsPage() {
  const { currentUser } = useSession();
  useLanguage();
  const showStatus = useStatus();
  const showFailure = useShowFailure();
  const q = useQuery(noticePreferencesQuery(currentUser));
  const [choices, setChoices] = useState<Choices>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const save = useSetNoticePreference();

  useEffect(() => {
    if (q.data) setChoices(choicesOf(q.data));
  }, [q.data]);

  const submit = async () => {
    if (!q.data || saving) return;
    const saved = choicesOf(q.data);
    const changed = q.data.preferences.filter(
      (p) => !p.locked && !same(choices[p.category], saved[p.category]),
    );
    setErrors({});
    if (!changed.length) {
      showStatus({ title: t(noticeText).title, body: t(noticeText).unchanged, type: 'review' });
      return;
    }
    setSaving(true);
    const names: string[] = [];
    try {
      for (const p of changed) {
        const choice = choices[p.category];
        if (!choice) continue;
        try {
          await save.mutateAsync({
            logname: currentUser,
            category: p.category,
            send_to: choice.sendTo,
            ...copyFields(choice.copy),
          });
        } catch (err) {
          // The refusal of this category's choice goes beside it (the call names it `send_to`).
          showFailure(err, {
            title: t(noticeText).notSaved,
            setErrors,
            fields: [p.category, `${p.category}-copy`],
            rename: {
              send_to: p.category,
              category: p.category,
              copy_secondary: `${p.category}-copy`,
              copy_recovery: `${p.category}-copy`,
            },
          });
          return;
        }
        names.push(t(noticeText).categories[p.category]);
      }
      showStatus({ title: t(noticeText).title, body: t(noticeText).saved(names.join(', ')), type: 'review' });
    } finally {
      setSaving(false);
    }
  };

  const data = q.data;
  const options = data ? copyOptions(data) : [];
  return (
    <Page title={t(noticeText).title} width={720}>
      <Text size="sm">{t(noticeText).intro}</Text>
      {q.isError && (
        <Alert color="red" title={t(noticeText).notSaved}>
          {failureText(q.error)}
        </Alert>
      )}
      {q.isLoading && <Loader size="sm" aria-label={t(accountScreenText).loading} />}
      {data && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          noValidate
        >
          <Stack gap="lg">
            {data.preferences.map((p) =>
              p.locked ? (
                <Stack key={p.category} gap={4} data-testid={`notice-${p.category}`}>
                  <Title order={2} size="h5">
                    {t(noticeText).categories[p.category]}
                  </Title>
                  <Text size="sm">{t(noticeText).securityAlways}</Text>
                </Stack>
              ) : (
                <Stack key={p.category} gap={0}>
                  <Radio.Group
                    name={`notice-${p.category}`}
                    label={t(noticeText).categories[p.category]}
                    description={p.category === 'billing' ? t(noticeText).receiptsAlways : undefined}
                    value={choices[p.category]?.sendTo ?? p.send_to}
                    onChange={(v) => {
                      const sendTo = NOTICE_SEND_TO.find((s) => s === v);
                      if (sendTo)
                        setChoices((c) => ({
                          ...c,
                          [p.category]: { sendTo, copy: c[p.category]?.copy ?? copyOf(p) },
                        }));
                    }}
                    error={errors[p.category]}
                    styles={CATEGORY_STYLES}
                  >
                    <Group mt="xs" gap="md" align="flex-start">
                      {NOTICE_SEND_TO.map((s) => (
                        <Radio
                          key={s}
                          value={s}
                          label={t(noticeText).sendTo[s]}
                          description={addressOf(data, s)}
                          maw="100%"
                          styles={{ description: { overflowWrap: 'anywhere' } }}
                        />
                      ))}
                    </Group>
                  </Radio.Group>
                  {options.length > 1 && (
                    <Select
                      mt="xs"
                      w={360}
                      maw="100%"
                      label={`${t(noticeText).copyLabel} (${t(noticeText).categories[p.category]})`}
                      data={options}
                      value={choices[p.category]?.copy ?? copyOf(p)}
                      onChange={(v) =>
                        setChoices((c) => ({
                          ...c,
                          [p.category]: { sendTo: c[p.category]?.sendTo ?? p.send_to, copy: v ?? '' },
                        }))
                      }
                      allowDeselect={false}
                      error={errors[`${p.category}-copy`]}
                    />
                  )}
                </Stack>
              ),
            )}
            <Group>
              <Button type="submit" loading={saving}>
                {t(noticeText).save}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      <LanguagePanel />
    </Page>
  );
}

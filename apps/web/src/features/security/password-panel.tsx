import { Anchor, Text } from '@mantine/core';
import { routePath } from '@portal/contract/routes';
import { Link } from 'react-router';
import { Panel } from './panel.tsx';
import { securityText } from '@portal/contract/security/messages';
import { t, useLanguage } from '../../app/language.ts';

/** The panel password: changed on its own screen, which this links to. */
export function PasswordPanel() {
  useLanguage();
  return (
    <Panel title={t(securityText).passwordTitle}>
      <Text size="sm">{t(securityText).passwordAbout}</Text>
      <Anchor component={Link} to={routePath('change-panel-password')} size="sm">
        {t(securityText).changePassword}
      </Anchor>
    </Panel>
  );
}

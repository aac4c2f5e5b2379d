import { Anchor, Text } from '@mantine/core';
import { routePath } from '@portal/contract/routes';
import { Link } from 'react-router';
import { Panel } from './panel.tsx';

/** The panel password: changed on its own screen, which this links to. */
export function PasswordPanel() {
  return (
    <Panel title="Password">
      <Text size="sm">
        The members panel password is the first thing the sign-in asks. Choose one you use nowhere else.
      </Text>
      <Anchor component={Link} to={routePath('change-panel-password')} size="sm">
        Change the panel password
      </Anchor>
    </Panel>
  );
}

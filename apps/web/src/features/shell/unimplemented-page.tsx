import { Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Page } from '../../ui/page.tsx';
import { pagesText } from '@portal/contract/shell/pages-messages';
import { t } from '../../app/language.ts';

/** The spec's Unimplemented screen (route /unimplemented). */
export default function UnimplementedPage() {
  const text = t(pagesText);
  return (
    <Page title={text.unimplemented}>
      <Text>{text.notAvailable}</Text>
      <div>
        <Button component={Link} to="/">
          {text.home}
        </Button>
      </div>
    </Page>
  );
}

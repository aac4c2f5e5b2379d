import { Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Page } from '../../ui/page.tsx';

/** The spec's Unimplemented screen (route /unimplemented). */
export default function UnimplementedPage() {
  return (
    <Page title="Unimplemented">
      <Text>This page is not available yet.</Text>
      <div>
        <Button component={Link} to="/">
          Home
        </Button>
      </div>
    </Page>
  );
}

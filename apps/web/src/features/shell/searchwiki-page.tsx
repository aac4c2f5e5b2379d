import { Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useUrls } from '../../app/shared-queries.ts';
import { Page } from '../../ui/page.tsx';

/** Support wiki search: loads the wiki's search page into an embedded frame. */
export default function SearchWikiPage() {
  const { data } = useUrls();
  const [q, setQ] = useState('');
  const [src, setSrc] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (data && q.trim()) setSrc(`${data.links.wiki_search}${encodeURIComponent(q.trim())}`);
  };
  return (
    <Page title="Search the Support Wiki">
      <form onSubmit={submit}>
        <Group align="end">
          <TextInput label="Search for" value={q} onChange={(e) => setQ(e.currentTarget.value)} w={320} />
          <Button type="submit">Search</Button>
        </Group>
      </form>
      {src && (
        <iframe
          title="Wiki search results"
          src={src}
          style={{ width: '100%', height: 600, border: 0 }}
          sandbox="allow-scripts allow-same-origin allow-popups"
        />
      )}
    </Page>
  );
}

import { Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useUrls } from '../../app/shared-queries.ts';
import { Page } from '../../ui/page.tsx';
import { pagesText } from '@portal/contract/shell/pages-messages';
import { t } from '../../app/language.ts';

/** Support wiki search: loads the wiki's search page into an embedded frame. */
export default function SearchWikiPage() {
  const text = t(pagesText);
  const { data } = useUrls();
  const [q, setQ] = useState('');
  const [src, setSrc] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (data && q.trim()) setSrc(`${data.links.wiki_search}${encodeURIComponent(q.trim())}`);
  };
  return (
    <Page title={text.searchWiki}>
      <form onSubmit={submit}>
        <Group align="end">
          <TextInput label={text.searchFor} value={q} onChange={(e) => setQ(e.currentTarget.value)} w={320} />
          <Button type="submit">{text.search}</Button>
        </Group>
      </form>
      {src && (
        <iframe
          title={text.wikiResults}
          src={src}
          style={{ width: '100%', height: 600, border: 0 }}
          sandbox="allow-scripts allow-same-origin allow-popups"
        />
      )}
    </Page>
  );
}

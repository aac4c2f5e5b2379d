/** The small screens of the shell: quick references, the wiki search, the thank-you and status page. */
export const pagesText = {
  quickReferences: 'Quick References',
  quickRefsFailed: 'Could not load the quick references.',
  name: 'Name',
  value: 'Value',
  back: 'Back',
  searchWiki: 'Search the Support Wiki',
  searchFor: 'Search for',
  search: 'Search',
  wikiResults: 'Wiki search results',
  thankYou: 'Thank you',
  home: 'Home',
  unimplemented: 'Unimplemented',
  notAvailable: 'This page is not available yet.',
  copy: 'Copy',
  copied: 'Copied',
} as const;

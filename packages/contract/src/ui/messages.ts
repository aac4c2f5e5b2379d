/** Texts of the web app's shared components (apps/web/src/ui): lists, pages of a list, password fields. */
export const uiText = {
  search: 'Search',
  goToPage: 'Go to page',
  page: 'Page',
  rowsPerPage: 'Rows per page',
  wholePageNumber: (pages: number) => `Enter a whole page number from 1 to ${pages}`,
  loading: 'Loading…',
  nothingMatches: 'Nothing matches the search',
  filter: 'Filter',
  filterColumn: (column: string) => `Filter ${column}`,
  /** Phones: the row of sort buttons above a list's cards. */
  sortBy: 'Sort by',
  pages: 'Pages',
  previousPage: 'previous page',
  nextPage: 'next page',
  currentPassword: 'Your current password',
  newPassword: 'New Password',
  /** The second of a new password's two fields (`label` is the first's). */
  confirmPassword: (label: string) => `Confirm ${label}`,
};

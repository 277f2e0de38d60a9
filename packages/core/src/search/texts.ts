// Apart from search.ts so that the header's quick search does not load zod.
/** Texts verbatim from spec 2 sections 2.9 and 2.10. */
export const SEARCH_TEXT = {
  placeholder: 'Search Project',
  found: (n: number) => `There are ${n} projects found`,
  noResults: 'No results found.',
  searching: 'Searching...',
  close: 'CLOSE',
  noRecent: 'No projects found',
  previous: 'Previous',
  next: 'Next',
} as const;

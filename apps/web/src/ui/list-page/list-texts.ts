import { countOf } from './list-toolbar';

/** The words a list screen shows around its table, most of them made from what it lists. */
export type ListTexts = {
  /** The page's title ('Clients') and the line under it. */
  title: string;
  description: string;
  /** The table's accessible name ('Clients'). */
  label: string;
  /** The search box's label ('Search clients') and placeholder. */
  searchLabel: string;
  placeholder: string;
  /** The toolbar's count of matches ('12 clients'); nothing before the first answer. */
  count: (total: number | undefined) => string | null;
  /** Shown instead of the table when the request failed ('Could not load clients'). */
  errorTitle: string;
  /** 'Clients per page'. */
  perPageLabel: string;
  loadingText: string;
  /** The empty list ('No clients yet.'). */
  empty: string;
  /** When the search or the filters find nothing ('No clients match these filters.'). */
  noMatch: (search: string) => string;
};

/**
 * The usual texts of a list of `things` ('clients', lower case, plural); `texts` gives the
 * description, the search box's placeholder, `one` thing for the count ('client') and any text the
 * list words otherwise.
 */
export function listTexts(
  things: string,
  { one = things, ...texts }: Partial<ListTexts> & { description: string; one?: string },
): ListTexts {
  const Things = things.charAt(0).toUpperCase() + things.slice(1);
  return {
    title: Things,
    label: Things,
    searchLabel: `Search ${things}`,
    placeholder: '',
    count: (total) => countOf(total, one, things),
    errorTitle: `Could not load ${things}`,
    perPageLabel: `${Things} per page`,
    loadingText: `Loading ${things}…`,
    empty: `No ${things} yet.`,
    noMatch: () => `No ${things} match these filters.`,
    ...texts,
  };
}

/** `No customers match “acme”.`: the empty text of a list whose only filter is its search. */
export const noSearchMatch =
  (things: string) =>
  (search: string): string =>
    `No ${things} match “${search}”.`;

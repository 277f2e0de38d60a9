import { useSearchParams } from 'react-router';
import { TaskListQuery, taskFilterDefaults } from '@siteflow/core';
import type { TaskListParams } from './api';

/** The list's filters as the screen holds them (the URL's names are the fields'). */
export type TaskFilters = Omit<TaskListQuery, 'project_id' | 'page' | 'search'> & { search: string };
export type FilterName = keyof TaskFilters;

const FILTER_NAMES: FilterName[] = [
  'status',
  'due',
  'assigned',
  'priority',
  'staff',
  'user',
  'starred',
  'project_status',
  'search',
];

/** The filters of a mode with nothing chosen (all projects: 0). */
export function defaultFilters(projectId: number): TaskFilters {
  const { user, ...rest } = taskFilterDefaults(projectId);
  return { ...rest, user: [user], search: '' };
}

/** The filters a query string gives (anything unknown falls back to the mode's default). */
export function readFilters(params: URLSearchParams, projectId: number): TaskFilters {
  const defaults = taskFilterDefaults(projectId);
  const given = Object.fromEntries(
    FILTER_NAMES.flatMap((name) =>
      params
        .getAll(name)
        .slice(0, 1)
        .map((v) => [name, v]),
    ),
  );
  const { project_id: _p, page: _page, search, ...filters } = TaskListQuery.parse({ ...defaults, ...given });
  return { ...filters, search: search ?? '' };
}

const asText = (value: TaskFilters[FilterName]) => (Array.isArray(value) ? value.join(',') : value);

/**
 * The query string of the filters: only what differs from the mode's default, names in
 * alphabetical order (the side menu's filtered views are written the same way, so their links
 * match the address exactly).
 */
export function filterSearch(filters: TaskFilters, projectId: number): string {
  const defaults = defaultFilters(projectId);
  const entries = FILTER_NAMES.filter((name) => asText(filters[name]) !== asText(defaults[name]))
    .sort()
    .map((name) => [name, asText(filters[name])]);
  return new URLSearchParams(entries).toString();
}

/** What the list request sends: every filter, the users joined by commas. */
export function listParams(filters: TaskFilters, projectId: number): TaskListParams {
  const params: TaskListParams = { project_id: projectId };
  for (const name of FILTER_NAMES) {
    const text = asText(filters[name]);
    if (text !== '') params[name] = text;
  }
  return params;
}

/**
 * The multi-select rule for User Assigned: choosing 'All' leaves 'All' alone; choosing a user
 * drops 'All'; nothing chosen is 'All'.
 */
export function nextUsers(previous: readonly string[], chosen: string[]): string[] {
  const added = chosen.filter((u) => !previous.includes(u));
  if (added.includes('All') || chosen.length === 0) return ['All'];
  return chosen.filter((u) => u !== 'All');
}

/** The filters in the address (project pages keep theirs beside the page's own hash). */
export function useUrlFilters(projectId: number) {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params, projectId);
  const setFilters = (next: TaskFilters) => {
    const search = filterSearch(next, projectId);
    setParams(new URLSearchParams(search), { replace: true, preventScrollReset: true });
  };
  const set = <K extends FilterName>(name: K, value: TaskFilters[K]) => {
    const next = { ...filters, [name]: value };
    // Staff and User filter nothing while Assigned To is Mine; Staff's options follow Assigned To.
    if (name === 'assigned') {
      next.staff = 'Any';
      if (value === 'Mine') next.user = ['All'];
    }
    setFilters(next);
  };
  const reset = () => setFilters(defaultFilters(projectId));
  return { filters, set, reset };
}

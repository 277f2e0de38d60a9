import { useState } from 'react';
import { Button, Collapse, Group, MultiSelect, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import {
  ACTION_BY,
  ASSIGNED_FILTERS,
  DUE_FILTERS,
  OUTSIDE_ASSIGNED_FILTERS,
  PRIORITY_FILTERS,
  PROJECT_STATUS_LABELS,
  PROJECT_STATUSES,
  STARRED_FILTERS,
  STATUS_FILTERS,
  staffFilterOptions,
} from '@siteflow/core';
import { useCan } from '../../session';
import { FilterToggle } from '../../ui/filter-toggle';
import { options } from '../../ui/select-options';
import { useAssignees } from './api';
import { defaultFilters, nextUsers, type FilterName, type TaskFilters } from './filters';

const PROJECT_STATUS_OPTIONS = [
  { value: 'any', label: 'Any' },
  ...PROJECT_STATUSES.map((s) => ({ value: s, label: PROJECT_STATUS_LABELS[s] })),
];

/** The Action By an Assigned To filter names (none for Any, Mine and Unallocated). */
const actionByOf = (assigned: string) => ((ACTION_BY as readonly string[]).includes(assigned) ? assigned : null);

/** How many filters differ from the mode's defaults (the search is shown on its own). */
export function setFilterCount(f: TaskFilters, projectId: number): number {
  const d = defaultFilters(projectId);
  return FILTERS.filter((name) => JSON.stringify(f[name]) !== JSON.stringify(d[name])).length;
}
const FILTERS = ['status', 'due', 'assigned', 'priority', 'staff', 'user', 'starred', 'project_status'] as const;

type Props = {
  projectId: number;
  filters: TaskFilters;
  set: <K extends FilterName>(name: K, value: TaskFilters[K]) => void;
  reset: () => void;
};

/**
 * The list's filters (spec 2 sections 2.1, 4, 6 and 9). Company roles also filter by Staff
 * Responsible and User Assigned (both off while Assigned To is Mine); client and provider users
 * choose Assigned To from Any and Mine only. The project status filter is the all-projects mode's.
 * On a phone the filters fold under 'Show filters' (with how many are set), so the tasks are not
 * a screen and a half below the search.
 */
export function TaskFilterPanel({ projectId, filters, set, reset }: Props) {
  const company = useCan('tasks.manage');
  const [search, setSearch] = useState(filters.search);
  const [shownSearch, setShownSearch] = useState(filters.search);
  if (filters.search !== shownSearch) {
    // Reset (or the address) changed the search: the box follows.
    setShownSearch(filters.search);
    setSearch(filters.search);
  }
  const mine = filters.assigned === 'Mine';
  const actionBy = actionByOf(filters.assigned);
  const users = useAssignees(projectId, actionBy, filters.staff, company);
  const userOptions = [
    { value: 'All', label: 'All' },
    ...(users.data?.items ?? []).map((u) => ({ value: u.id, label: `${u.first_name} ${u.last_name}`.trim() })),
  ];
  const id = (name: string) => `tasks-${projectId}-${name}`;
  const phone = useMediaQuery('(max-width: 36em)');
  const [unfolded, setUnfolded] = useState(false);
  const setCount = setFilterCount(filters, projectId);
  const select = <K extends FilterName>(
    name: K,
    label: string,
    data: readonly string[] | { value: string; label: string }[],
  ) => (
    <Select
      id={id(name)}
      label={label}
      data={
        typeof data[0] === 'string' ? options(data as readonly string[]) : (data as { value: string; label: string }[])
      }
      allowDeselect={false}
      value={filters[name] as string}
      onChange={(value) => value !== null && set(name, value as TaskFilters[K])}
    />
  );

  return (
    <Stack gap="sm">
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          set('search', search.trim());
        }}
      >
        <Group gap="sm" align="flex-end">
          <TextInput
            id={id('search')}
            label="Search tasks"
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            // Grows from 15rem: where the buttons do not fit beside that, they wrap below and the
            // box takes the whole row (phones), instead of squeezing it.
            style={{ flex: '1 1 15rem' }}
          />
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
            Search
          </Button>
          <Button variant="default" onClick={reset}>
            Reset
          </Button>
          {phone ? (
            <FilterToggle
              expanded={unfolded}
              count={setCount}
              controls={id('filters')}
              onToggle={() => setUnfolded((v) => !v)}
            >
              {unfolded ? 'Hide filters' : 'Show filters'}
            </FilterToggle>
          ) : null}
        </Group>
      </form>
      <Collapse expanded={!phone || unfolded} id={id('filters')} transitionDuration={phone ? 150 : 0}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          {select('status', 'Status', STATUS_FILTERS)}
          {select('due', 'Due date', DUE_FILTERS)}
          {select('assigned', 'Assigned To', company ? ASSIGNED_FILTERS : OUTSIDE_ASSIGNED_FILTERS)}
          {select('priority', 'Priority', PRIORITY_FILTERS)}
          {company ? (
            <Select
              id={id('staff')}
              label="Staff Responsible"
              data={options(staffFilterOptions(actionBy))}
              allowDeselect={false}
              disabled={mine}
              value={filters.staff}
              onChange={(value) => value !== null && set('staff', value)}
            />
          ) : null}
          {company ? (
            <MultiSelect
              id={id('user')}
              label="User Assigned"
              data={userOptions}
              disabled={mine}
              searchable
              value={filters.user}
              onChange={(value) => set('user', nextUsers(filters.user, value))}
            />
          ) : null}
          {select('starred', 'Starred', STARRED_FILTERS)}
          {projectId === 0 ? select('project_status', 'Project status', PROJECT_STATUS_OPTIONS) : null}
        </SimpleGrid>
      </Collapse>
    </Stack>
  );
}

import { useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ProviderSearchResponse } from '@siteflow/core';
import { useProjectOptions } from './api';

type Option = { value: string; label: string };
type Project = NonNullable<ProviderSearchResponse['project']>;

/** Projects searched on the server as the user types; choosing one switches to automatic mode. */
export function ProjectPicker({
  value,
  current,
  onChange,
}: {
  value: number | null;
  current: Project | null;
  onChange: (id: number | null) => void;
}) {
  const [searchValue, setSearchValue] = useState('');
  const [debounced] = useDebouncedValue(searchValue.trim(), 250);
  const currentLabel = current ? `${current.project_code} ${current.name}` : null;
  // The box shows the chosen project's label: that is not a search.
  const term = debounced === currentLabel ? '' : debounced;
  const options = useProjectOptions(term);
  const list: Option[] = (options.data ?? []).map((p) => ({
    value: String(p.id),
    label: `${p.project_code} ${p.name}`,
  }));
  const data: Option[] = [
    ...(value && !list.some((o) => o.value === String(value))
      ? [{ value: String(value), label: currentLabel ?? 'Loading…' }]
      : []),
    ...list,
  ];
  return (
    <Select
      label="Project"
      placeholder="Search by code or name"
      description="Choosing a project fills the fields from it."
      data={data}
      value={value ? String(value) : null}
      onChange={(v) => onChange(v ? Number(v) : null)}
      searchable
      searchValue={searchValue}
      onSearchChange={(text) => {
        setSearchValue(text);
        // Emptying the box clears the project (the keyboard way; the clear button is mouse-only).
        if (text === '' && value !== null) onChange(null);
      }}
      filter={({ options: all }) => all}
      clearable
      clearButtonProps={{ 'aria-label': 'Clear project' }}
      nothingFoundMessage={options.isFetching ? 'Searching…' : 'No projects found'}
    />
  );
}

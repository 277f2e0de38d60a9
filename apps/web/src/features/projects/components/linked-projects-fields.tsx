import { useState } from 'react';
import { Grid, MultiSelect, Radio, Group } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import type { ProjectRef } from '@siteflow/core';
import { useProjectLookup } from '../api';

export const LINKED_TYPE_LABELS = { master: 'Master', sub_project: 'Sub Project' } as const;
export type LinkedType = keyof typeof LINKED_TYPE_LABELS;
export const refLabel = (p: Pick<ProjectRef, 'project_code' | 'name'>) => `${p.project_code} (${p.name})`;

type Props = {
  type: GetInputPropsReturnType;
  value: number[];
  onChange: (ids: number[]) => void;
  error?: GetInputPropsReturnType['error'];
  /** Projects already linked (their labels before any search). */
  initial?: ProjectRef[];
  /** The project being edited: never offered as its own link. */
  exclude?: number;
};

/** Linked project type (master or sub project) and the linked projects, searched on the server. */
export function LinkedProjectsFields({ type, value, onChange, error, initial = [], exclude }: Props) {
  const [known, setKnown] = useState<Map<number, ProjectRef>>(() => new Map(initial.map((p) => [p.id, p])));
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const lookup = useProjectLookup(debounced, exclude, opened || debounced.length > 0);

  const found = lookup.data ?? [];
  const options = new Map<number, ProjectRef>();
  for (const id of value) {
    const ref = known.get(id);
    if (ref) options.set(id, ref);
  }
  for (const p of found) if (!options.has(p.id)) options.set(p.id, p);

  return (
    <Grid gap="md">
      <Grid.Col span={12}>
        <Radio.Group label="Linked Project Type" {...type}>
          <Group mt="xs" gap="lg">
            <Radio value="master" label={LINKED_TYPE_LABELS.master} />
            <Radio value="sub_project" label={LINKED_TYPE_LABELS.sub_project} />
          </Group>
        </Radio.Group>
      </Grid.Col>
      <Grid.Col span={12}>
        <MultiSelect<number>
          label="Linked Projects"
          description="Search by project code or name."
          searchable
          clearable
          clearButtonProps={{ 'aria-label': 'Clear linked projects' }}
          data={[...options.values()].map((p) => ({ value: p.id, label: refLabel(p) }))}
          // The server has already filtered by the search.
          filter={({ options: o }) => o}
          value={value}
          onChange={(ids) => {
            setKnown((map) => {
              const next = new Map(map);
              for (const id of ids) {
                const ref = options.get(id);
                if (ref) next.set(id, ref);
              }
              return next;
            });
            onChange(ids);
          }}
          searchValue={search}
          onSearchChange={setSearch}
          onDropdownOpen={() => setOpened(true)}
          error={error}
          hidePickedOptions
          maxValues={50}
          nothingFoundMessage={lookup.isFetching ? 'Searching…' : 'No project matches'}
        />
      </Grid.Col>
    </Grid>
  );
}

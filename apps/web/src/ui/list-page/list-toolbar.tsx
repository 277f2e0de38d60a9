import type { ReactNode } from 'react';
import { Button, Group, Select, Text, TextInput, type SelectProps } from '@mantine/core';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { ALL, type AnyListState } from './list-state';

/**
 * The row above a list's table: the search box, the screen's filters, 'Clear filters' (when
 * `clearable` and something is filtered) and the count of matches.
 */
export function ListToolbar({
  list,
  searchLabel,
  placeholder,
  searchWidth = 320,
  clearable = false,
  count,
  countTestId,
  children,
}: {
  list: AnyListState;
  searchLabel: string;
  placeholder: string;
  searchWidth?: number;
  clearable?: boolean;
  /** 'Nearest 12 customers'; nothing before the first answer. */
  count: string | null;
  countTestId?: string;
  children?: ReactNode;
}) {
  return (
    <Group mb="md" align="flex-end" gap="md">
      <TextInput
        label={searchLabel}
        placeholder={placeholder}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={list.text}
        onChange={(e) => list.setText(e.currentTarget.value)}
        w={{ base: '100%', sm: searchWidth }}
        type="search"
        maxLength={200}
      />
      {children}
      {clearable && list.filtered ? (
        <Button variant="subtle" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={list.clearFilters}>
          Clear filters
        </Button>
      ) : null}
      {count !== null || countTestId ? (
        <Text size="sm" c="dimmed" ml="auto" aria-live="polite" data-testid={countTestId}>
          {count ?? ''}
        </Text>
      ) : null}
    </Group>
  );
}

/**
 * A filter of the list as a select: its "all" option (value `ALL`) stands for no filter.
 * `value` overrides what is shown (e.g. while the options load).
 */
export function FilterSelect({
  list,
  name,
  width,
  value,
  ...props
}: Omit<SelectProps, 'value' | 'onChange' | 'list' | 'name'> & {
  list: AnyListState;
  name: string;
  width: number;
  value?: string | null;
}) {
  const raw = (list.params as Record<string, unknown>)[name];
  const current = typeof raw === 'string' ? raw : '';
  return (
    <Select
      allowDeselect={false}
      w={{ base: '100%', sm: width }}
      {...props}
      value={value === undefined ? current || ALL : value}
      onChange={(v) => list.update({ [name]: v && v !== ALL ? v : '' })}
    />
  );
}

/** '1 customer' / '12 customers' (`localized`: '1,250 customers'); null before the first answer. */
export function countOf(total: number | undefined, one: string, many: string, localized = false): string | null {
  if (total === undefined) return null;
  return total === 1 ? `1 ${one}` : `${localized ? total.toLocaleString('en-AU') : total} ${many}`;
}

import { IconToggleLeft, IconToggleRight, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import type { AnyListState } from './list-state';
import { ACTIVE_STATUS } from './list-state';
import { FilterSelect } from './list-toolbar';
import { ActiveBadge, RowAction } from './row-actions';

/** The Status filter (all, active, inactive) of a list of things that are active or not. */
export function StatusFilter({ list }: { list: AnyListState }) {
  return <FilterSelect list={list} name="status" label="Status" data={ACTIVE_STATUS.options} width={180} />;
}

/** The Status column: an Active / Inactive badge. */
export function activeColumn<T extends { active: boolean }>(options: { noWrap?: boolean } = {}): DataTableColumn<T> {
  return { accessor: 'active', title: 'Status', ...options, render: (r) => <ActiveBadge active={r.active} /> };
}

/** The icons of the Deactivate / Activate button: switches (records) or people (users). */
export const TOGGLE_ICONS = { deactivate: IconToggleRight, activate: IconToggleLeft };
export const USER_ICONS = { deactivate: IconUserOff, activate: IconUserCheck };

/** The row's Deactivate (red) or Activate (green) button ('Deactivate Acme'). */
export function ActiveToggleAction({
  name,
  active,
  onClick,
  loading,
  icons = TOGGLE_ICONS,
}: {
  name: string;
  active: boolean;
  onClick: () => void;
  loading?: boolean;
  icons?: typeof TOGGLE_ICONS;
}) {
  const verb = active ? 'Deactivate' : 'Activate';
  return (
    <RowAction
      tooltip={verb}
      label={`${verb} ${name}`}
      icon={active ? icons.deactivate : icons.activate}
      color={active ? 'red' : 'green'}
      loading={loading}
      onClick={onClick}
    />
  );
}

import { Select, type SelectProps } from '@mantine/core';
import { STATES } from '@siteflow/core';

const STATE_OPTIONS = STATES.map((s) => ({ value: s, label: s }));

export function StateSelect(props: Omit<SelectProps, 'data'>) {
  return <Select label="State" data={STATE_OPTIONS} allowDeselect={false} autoComplete="off" {...props} />;
}

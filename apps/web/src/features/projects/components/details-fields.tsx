import type { ReactNode } from 'react';
import { Grid, Group, Select, Textarea, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { Option } from '../options';

/** The Details fields by what they are; each form maps them to its own value names. */
export type DetailsField =
  'name' | 'start_date' | 'end_date' | 'administrator' | 'manager' | 'sales' | 'classification' | 'summary';

/** The people who must be chosen: the administrator among the staff, the manager among the project managers. */
const REQUIRED_PEOPLE = [
  { field: 'administrator', label: 'Project Administrator', from: 'staff', placeholder: 'Choose the administrator' },
  { field: 'manager', label: 'Project Manager', from: 'managers', placeholder: 'Choose the manager' },
] as const;

type Props = {
  inputProps: (field: DetailsField) => GetInputPropsReturnType;
  staff: Option[];
  managers: Option[];
  classifications: Option[];
  /** The classification's label ('Classification' or 'Project Category'); its clear button is named after it. */
  classificationLabel: string;
  /** The classification's width from md up (of 12 columns). */
  classificationSpan: number;
  /** The creation form asks to choose the administrator and the manager (placeholders). */
  choosePlaceholders?: boolean;
  /** A button beside the End Date input. */
  endDateAction?: ReactNode;
  /** Shown after the people (a notice about them). */
  afterPeople?: ReactNode;
  /** Shown after the classification, on its row. */
  afterClassification?: ReactNode;
  /** Shown after the summary. */
  children?: ReactNode;
};

/**
 * The Details fields of the project creation form and of the Details section's edit form: name,
 * dates, people, classification, summary. Administrator and manager cannot be cleared.
 */
export function DetailsFields({
  inputProps,
  staff,
  managers,
  classifications,
  classificationLabel,
  classificationSpan,
  choosePlaceholders = false,
  endDateAction,
  afterPeople,
  afterClassification,
  children,
}: Props) {
  const options = { staff, managers };
  return (
    <Grid gap="md">
      <Grid.Col span={12}>
        <TextInput label="Project Name" required autoComplete="off" {...inputProps('name')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <TextInput label="Start Date" type="datetime-local" {...inputProps('start_date')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <TextInput
          label="End Date"
          type="datetime-local"
          {...inputProps('end_date')}
          inputContainer={
            endDateAction
              ? (input) => (
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    <div style={{ flex: 1, minWidth: 0 }}>{input}</div>
                    {endDateAction}
                  </Group>
                )
              : undefined
          }
        />
      </Grid.Col>
      {REQUIRED_PEOPLE.map((person) => (
        <Grid.Col key={person.field} span={{ base: 12, md: 4 }}>
          <Select
            label={person.label}
            required
            searchable
            allowDeselect={false}
            data={options[person.from]}
            placeholder={choosePlaceholders ? person.placeholder : undefined}
            {...inputProps(person.field)}
          />
        </Grid.Col>
      ))}
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Select
          label="Sales Representative"
          searchable
          clearable
          clearButtonProps={{ 'aria-label': 'Clear sales representative' }}
          data={staff}
          placeholder="None"
          {...inputProps('sales')}
        />
      </Grid.Col>
      {afterPeople}
      <Grid.Col span={{ base: 12, md: classificationSpan }}>
        <Select
          label={classificationLabel}
          searchable
          clearable
          clearButtonProps={{ 'aria-label': `Clear ${classificationLabel.toLowerCase()}` }}
          data={classifications}
          {...inputProps('classification')}
        />
      </Grid.Col>
      {afterClassification}
      <Grid.Col span={12}>
        <Textarea label="Summary" autosize minRows={3} maxRows={10} {...inputProps('summary')} />
      </Grid.Col>
      {children}
    </Grid>
  );
}

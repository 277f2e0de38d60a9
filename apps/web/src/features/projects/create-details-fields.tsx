import { Button, Grid, Group, Select, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconCalendarBolt } from '@tabler/icons-react';
import { autoFillToday, PROJECT_TEXT } from '@siteflow/core';
import type { CreateValues } from './create-values';

type Option = { value: string; label: string };

/** The Details section of the project creation form: name, dates, people, classification, summary. */
export function CreateDetailsFields({
  form,
  staff,
  managers,
  classifications,
}: {
  form: UseFormReturnType<CreateValues>;
  staff: Option[];
  managers: Option[];
  classifications: Option[];
}) {
  return (
    <Grid gap="md">
      <Grid.Col span={12}>
        <TextInput label="Project Name" required autoComplete="off" {...form.getInputProps('name')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <TextInput label="Start Date" type="datetime-local" {...form.getInputProps('start_date')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <TextInput
          label="End Date"
          type="datetime-local"
          {...form.getInputProps('end_date')}
          inputContainer={(input) => (
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <div style={{ flex: 1, minWidth: 0 }}>{input}</div>
              <Button
                variant="light"
                leftSection={<IconCalendarBolt size={16} aria-hidden />}
                onClick={() => {
                  form.setValues(autoFillToday(new Date()));
                  form.clearFieldError('start_date');
                  form.clearFieldError('end_date');
                }}
                style={{ flex: '0 0 auto' }}
              >
                {PROJECT_TEXT.autoFillToday}
              </Button>
            </Group>
          )}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Select
          label="Project Administrator"
          required
          searchable
          allowDeselect={false}
          data={staff}
          placeholder="Choose the administrator"
          {...form.getInputProps('project_administrator')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Select
          label="Project Manager"
          required
          searchable
          allowDeselect={false}
          data={managers}
          placeholder="Choose the manager"
          {...form.getInputProps('project_manager')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Select
          label="Sales Representative"
          searchable
          clearable
          clearButtonProps={{ 'aria-label': 'Clear sales representative' }}
          data={staff}
          placeholder="None"
          {...form.getInputProps('project_sales_representative')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Select
          label="Classification"
          searchable
          clearable
          clearButtonProps={{ 'aria-label': 'Clear classification' }}
          data={classifications}
          {...form.getInputProps('classification')}
        />
      </Grid.Col>
      <Grid.Col span={12}>
        <Textarea label="Summary" autosize minRows={3} maxRows={10} {...form.getInputProps('summary')} />
      </Grid.Col>
    </Grid>
  );
}

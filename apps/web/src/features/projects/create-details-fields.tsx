import { Button } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconCalendarBolt } from '@tabler/icons-react';
import { autoFillToday, PROJECT_TEXT } from '@siteflow/core';
import { DetailsFields, type DetailsField } from './components/details-fields';
import type { CreateValues } from './create-values';
import type { Option } from './options';

/** Where the creation form keeps each Details field. */
const CREATE_PATHS: Record<DetailsField, keyof CreateValues> = {
  name: 'name',
  start_date: 'start_date',
  end_date: 'end_date',
  administrator: 'project_administrator',
  manager: 'project_manager',
  sales: 'project_sales_representative',
  classification: 'classification',
  summary: 'summary',
};

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
    <DetailsFields
      inputProps={(field) => form.getInputProps(CREATE_PATHS[field])}
      staff={staff}
      managers={managers}
      classifications={classifications}
      classificationLabel="Classification"
      classificationSpan={4}
      choosePlaceholders
      endDateAction={
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
      }
    />
  );
}

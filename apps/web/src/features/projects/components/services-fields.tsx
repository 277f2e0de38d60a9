import { Grid, MultiSelect, TagsInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { pruneServices, servicesForCategories, uniqueTagNames, type ProjectCreateData } from '@siteflow/core';
import { withCurrent } from '../options';
import { SetUpFirst } from './set-up-first';

export type ServicesValues = { tags: string[]; categories: string[]; services: string[] };
type Field = keyof ServicesValues;
type Named = { id: string; name: string };

/** What the fields use of a form whose values hold the services. */
type ServicesForm = Pick<
  UseFormReturnType<ServicesValues>,
  'getValues' | 'getInputProps' | 'setValues' | 'clearFieldError'
>;

type Props = {
  form: ServicesForm;
  reference: Pick<ProjectCreateData, 'tags' | 'categories' | 'category_services'>;
  /** What the project has now (kept selectable even if since deactivated). */
  current?: { categories: Named[]; services: Named[] };
};

const NO_CATEGORIES = 'There are no service categories yet.';
const NO_SERVICES = 'The chosen categories offer no services yet.';

/**
 * Tags (created by typing, one per name), Service Category, and Services Details limited to the
 * services of the chosen categories; removing a category drops the services no longer offered.
 * A new company with no categories (or a category with no services) is told so, with where to add them.
 */
export function ServicesFields({ form, reference, current }: Props) {
  const values = form.getValues();
  const getInputProps = (field: Field) => form.getInputProps(field);
  const setValues = (patch: Partial<ServicesValues>) => {
    form.setValues(patch);
    if (patch.categories) form.clearFieldError('categories');
  };
  const links = reference.category_services;
  const categories = withCurrent(
    reference.categories.map((c) => ({ value: c.id, label: c.name })),
    (current?.categories ?? []).map((c) => ({ value: c.id, label: c.name })),
  );
  const offered = servicesForCategories(values.categories, links).map((s) => ({ value: s.id, label: s.name }));
  // A selected service no longer offered stays visible (the server says what is wrong with it).
  const services = withCurrent(
    offered,
    (current?.services ?? [])
      .filter((s) => values.services.includes(s.id))
      .map((s) => ({ value: s.id, label: s.name })),
  );
  const tagNames = uniqueTagNames(reference.tags.map((t) => t.name));
  const tagProps = getInputProps('tags');
  const categoryProps = getInputProps('categories');

  return (
    <Grid gap="md">
      <Grid.Col span={12}>
        <TagsInput
          label="Tags"
          description="Choose tags or type a new one and press Enter."
          data={tagNames}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear tags' }}
          {...tagProps}
          onChange={(names: string[]) => tagProps.onChange(uniqueTagNames(names))}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <MultiSelect
          label="Service Category"
          required
          labelProps={{ 'data-asterisk': true }}
          searchable
          data={categories}
          nothingFoundMessage={categories.length ? 'No category matches' : NO_CATEGORIES}
          description={
            categories.length ? undefined : (
              <SetUpFirst text={NO_CATEGORIES} to="/reference/categories" ability="reference.manage">
                Add them under Categories &amp; services
              </SetUpFirst>
            )
          }
          {...categoryProps}
          onChange={(ids: string[]) =>
            setValues({ categories: ids, services: pruneServices(ids, values.services, links) })
          }
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <MultiSelect
          label="Services Details"
          required
          labelProps={{ 'data-asterisk': true }}
          searchable
          data={services}
          placeholder={values.categories.length ? undefined : 'Choose a service category first'}
          nothingFoundMessage={
            !values.categories.length
              ? 'Choose a service category first'
              : services.length
                ? 'No service matches'
                : NO_SERVICES
          }
          description={
            values.categories.length && !services.length ? (
              <SetUpFirst text={NO_SERVICES} to="/reference/categories" ability="reference.manage">
                Add services to the category under Categories &amp; services
              </SetUpFirst>
            ) : undefined
          }
          {...getInputProps('services')}
        />
      </Grid.Col>
    </Grid>
  );
}

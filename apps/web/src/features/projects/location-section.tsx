import { Grid, Text } from '@mantine/core';
import { ProjectLocationUpdate, type ProjectView } from '@siteflow/core';
import { LocationFields, locationValues } from './components/location-fields';
import { SectionEditForm, ViewField } from './section-card';
import { useSectionForm } from './section-form';

const LOCATION_FIELDS = ['street', 'suburb', 'state', 'postcode', 'country'];

export function LocationView({ project }: { project: ProjectView }) {
  const { location: l, co_ords: c } = project;
  const located = c.lat !== null && c.long !== null;
  return (
    <Grid gap="md" m={0}>
      <Grid.Col span={12}>
        <ViewField label="Street">{l.street}</ViewField>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
        <ViewField label="City/Suburb">{l.suburb}</ViewField>
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 3 }}>
        <ViewField label="State">{l.state}</ViewField>
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 3 }}>
        <ViewField label="Postcode">{l.postcode}</ViewField>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
        <ViewField label="Country">{l.country}</ViewField>
      </Grid.Col>
      <Grid.Col span={12}>
        <ViewField label="Map position">
          {located ? (
            <Text span size="sm">
              {`${c.lat!.toFixed(5)}, ${c.long!.toFixed(5)}`}
              {c.precision ? <Text span size="sm" c="dimmed">{` (located by ${c.precision})`}</Text> : null}
            </Text>
          ) : (
            <Text span size="sm" c="dimmed">
              Not located: the address is not in the gazetteer.
            </Text>
          )}
        </ViewField>
      </Grid.Col>
    </Grid>
  );
}

export function LocationEdit({ project, onDone }: { project: ProjectView; onDone: () => void }) {
  const { form, failure, saving, send, invalid } = useSectionForm({
    projectId: project.id,
    section: 'location',
    initialValues: locationValues(project.location),
    contract: ProjectLocationUpdate,
    onDone,
  });

  const submit = form.onSubmit(
    (values) => send({ ...values, state: values.state as ProjectLocationUpdate['state'] }, LOCATION_FIELDS),
    invalid,
  );

  return (
    <SectionEditForm label="Edit location" onSubmit={submit} failure={failure} onCancel={onDone} saving={saving}>
      <LocationFields form={form} />
    </SectionEditForm>
  );
}

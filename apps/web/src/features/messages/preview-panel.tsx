import { useState } from 'react';
import { Alert, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MESSAGE_TEMPLATE_TEXT, type MessageChannel, type MessageTemplatePreview } from '@siteflow/core';
import { SafeHtml } from '../../ui/safe-html';
import { useProjectLookup } from '../projects/api';
import { usePreviewMessageTemplate } from './api';
import classes from './messages.module.css';

type Draft = { channel: MessageChannel; subject: string; body: string };

/** The template as being edited, filled from a chosen project (optional) and the signed-in user. */
export function PreviewPanel({ draft }: { draft: Draft }) {
  const [search, setSearch] = useState('');
  const [projectId, setProjectId] = useState<string | null>(null);
  const [labels, setLabels] = useState<Map<string, string>>(new Map());
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const lookup = useProjectLookup(debounced, undefined, true);
  const preview = usePreviewMessageTemplate();
  const [shown, setShown] = useState<MessageTemplatePreview | null>(null);

  const options = new Map(labels);
  for (const p of lookup.data ?? []) options.set(String(p.id), `${p.project_code} (${p.name})`);

  const run = () =>
    preview.mutate(
      {
        channel: draft.channel,
        subject: draft.channel === 'email' ? draft.subject : null,
        body: draft.body,
        project_id: projectId ? Number(projectId) : null,
      },
      { onSuccess: setShown, onError: () => setShown(null) },
    );

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="template-preview-heading">
      <Title order={2} size="h4" mb="md" id="template-preview-heading">
        Preview
      </Title>
      <Group align="flex-end" mb="md">
        <Select
          label="Project"
          placeholder="Search by project code or name"
          description="Fills the variables from this project; without one only your name is filled."
          searchable
          clearable
          clearButtonProps={{ 'aria-label': 'Clear project' }}
          searchValue={search}
          onSearchChange={setSearch}
          data={[...options].map(([value, label]) => ({ value, label }))}
          filter={({ options: o }) => o}
          value={projectId}
          onChange={(value) => {
            setProjectId(value);
            if (value && options.has(value)) setLabels(new Map(labels).set(value, options.get(value)!));
          }}
          w={{ base: '100%', sm: 360 }}
        />
        <Button variant="light" onClick={run} loading={preview.isPending}>
          Preview
        </Button>
      </Group>
      <div aria-live="polite">
        {preview.isError ? (
          <Alert color="gray" variant="light">
            {MESSAGE_TEMPLATE_TEXT.noPreview}
          </Alert>
        ) : shown ? (
          <Stack gap="xs" data-testid="template-preview">
            {shown.subject !== null ? (
              <Text size="sm">
                <Text span fw={600}>
                  Subject:{' '}
                </Text>
                {shown.subject}
              </Text>
            ) : null}
            {draft.channel === 'email' ? (
              <Paper withBorder p="md" radius="md">
                <SafeHtml html={shown.body} />
              </Paper>
            ) : (
              <Paper withBorder p="md" radius="md">
                <Text size="sm" className={classes.smsPreview}>
                  {shown.body}
                </Text>
              </Paper>
            )}
          </Stack>
        ) : null}
      </div>
    </Paper>
  );
}

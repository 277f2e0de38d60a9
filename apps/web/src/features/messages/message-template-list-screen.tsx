import { Anchor, Badge, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';
import {
  MESSAGE_CHANNEL_LABELS,
  MESSAGE_CHANNELS,
  MESSAGE_TEMPLATE_STATUSES,
  type MessageTemplateView,
} from '@siteflow/core';
import { ALL, FilterSelect, ListScreen, listTexts, NewButton, useListState } from '../../ui/list-page';
import { editDeleteColumn } from '../../ui/list-page/edit-delete-column';
import { usePageQuery } from '../../ui/queries';
import { messageTemplateList, useDeleteMessageTemplate } from './api';

const TEXTS = listTexts('e-mail and SMS templates', {
  title: 'E-mail & SMS Templates',
  description: 'What a task’s e-mails and text messages say, with variables filled from the project.',
  placeholder: 'Name or subject',
  one: 'template',
  errorTitle: 'Could not load the templates',
});

const CHANNEL_OPTIONS = [
  { value: ALL, label: 'All channels' },
  ...MESSAGE_CHANNELS.map((c) => ({ value: c, label: MESSAGE_CHANNEL_LABELS[c] })),
];
const STATUS_OPTIONS = [
  { value: ALL, label: 'All statuses' },
  ...MESSAGE_TEMPLATE_STATUSES.map((s) => ({ value: s, label: s })),
];

const COLUMNS: DataTableColumn<MessageTemplateView>[] = [
  {
    accessor: 'name',
    title: 'Name',
    render: (t) => (
      <Anchor component={Link} to={`/message-templates/${t.id}`} fw={600} size="sm">
        {t.name}
      </Anchor>
    ),
  },
  { accessor: 'channel', title: 'Channel', noWrap: true, render: (t) => MESSAGE_CHANNEL_LABELS[t.channel] },
  { accessor: 'subject', title: 'Subject', render: (t) => t.subject ?? '' },
  {
    accessor: 'client_name',
    title: 'Client',
    render: (t) =>
      t.client_name ?? (
        <Text size="sm" c="dimmed">
          Every client
        </Text>
      ),
  },
  {
    accessor: 'status',
    title: 'Status',
    noWrap: true,
    render: (t) => (
      <Badge variant="light" color={t.status === 'Active' ? 'teal' : 'gray'}>
        {t.status}
      </Badge>
    ),
  },
];

/** The company's e-mail and SMS templates (settings, company admins and employees). */
export function MessageTemplateListScreen() {
  const list = useListState(messageTemplateList.config);
  const query = usePageQuery(messageTemplateList.query(list.params));
  const remove = useDeleteMessageTemplate();

  const actions = editDeleteColumn<MessageTemplateView>(remove, {
    name: (t) => t.name,
    editPath: (t) => `/message-templates/${t.id}`,
    confirmMessage: 'The template is deleted permanently. Messages already sent are not changed.',
  });

  return (
    <ListScreen<MessageTemplateView>
      actions={<NewButton to="/message-templates/new">New template</NewButton>}
      texts={TEXTS}
      list={list}
      query={query}
      filters={
        <>
          <FilterSelect list={list} name="channel" label="Channel" data={CHANNEL_OPTIONS} width={160} />
          <FilterSelect list={list} name="status" label="Status" data={STATUS_OPTIONS} width={160} />
        </>
      }
      columns={[...COLUMNS, actions]}
    />
  );
}

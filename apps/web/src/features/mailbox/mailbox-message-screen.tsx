import type { ReactNode } from 'react';
import { Anchor, Badge, Box, Code, Divider, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { formatDateTime, type MailboxMessage } from '@siteflow/core';
import { BreadcrumbTrail } from '../../ui/breadcrumb-trail';
import { Loaded } from '../../ui/loaded';
import { useMailboxMessage } from './api';
import { findLinks } from './links';

/** Links inside the message open in a new tab (popups) or on a click (top navigation); scripts never run. */
export const MAIL_SANDBOX = 'allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" style={{ letterSpacing: '0.04em' }}>
        {label}
      </Text>
      <Text size="sm" style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </div>
  );
}

export function MailboxMessageScreen() {
  const { id = '' } = useParams();
  const query = useMailboxMessage(id);
  return (
    <>
      <BreadcrumbTrail list="Mailbox" to="/mailbox" current="Message" />
      <Loaded query={query} loading="Loading the message…" errorTitle="Could not load the message">
        {(message) => <Message message={message} />}
      </Loaded>
    </>
  );
}

function Message({ message }: { message: MailboxMessage }) {
  const links = findLinks(message.text);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Title order={1} size="h2" style={{ wordBreak: 'break-word' }}>
          {message.subject || '(no subject)'}
        </Title>
        <Badge variant="light" color={message.channel === 'sms' ? 'grape' : 'blue'} size="lg">
          {message.channel === 'sms' ? 'SMS' : 'Email'}
        </Badge>
      </Group>
      <Paper withBorder radius="lg" p="lg">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          <Field label="From">{message.from}</Field>
          <Field label="To">{message.to}</Field>
          <Field label="Company">{message.tenant_name ?? 'Platform'}</Field>
          <Field label="Received">{formatDateTime(message.created_at)}</Field>
        </SimpleGrid>
      </Paper>

      {links.length > 0 ? (
        <Paper withBorder radius="lg" p="lg">
          <Title order={2} size="h4" mb="sm">
            Links in this message
          </Title>
          <List spacing="xs" icon={<IconLink size={16} aria-hidden />} center>
            {links.map((l) => (
              <List.Item key={l.url}>
                <Anchor href={l.url} fw={600}>
                  {l.label}
                </Anchor>
                <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                  {l.url}
                </Text>
              </List.Item>
            ))}
          </List>
        </Paper>
      ) : null}

      <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
        <Box px="lg" py="sm">
          <Title order={2} size="h4">
            Message
          </Title>
        </Box>
        <Divider />
        {message.html ? (
          <iframe
            title={`Message: ${message.subject}`}
            data-mail-frame=""
            sandbox={MAIL_SANDBOX}
            srcDoc={message.html}
            style={{ width: '100%', minHeight: 420, border: 0, background: '#fff', display: 'block' }}
          />
        ) : (
          <Box p="lg">
            <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {message.text}
            </Code>
          </Box>
        )}
      </Paper>
      {message.html && message.text ? (
        <Paper withBorder radius="lg" p="lg">
          <Title order={2} size="h4" mb="sm">
            Plain-text version
          </Title>
          <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {message.text}
          </Code>
        </Paper>
      ) : null}
    </Stack>
  );
}

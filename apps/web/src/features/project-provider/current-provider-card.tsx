import { useState } from 'react';
import { Anchor, Badge, Button, Group, Loader, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconMail, IconPhone, IconSend, type Icon } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  detailsStatus,
  formatDistance,
  formatDuration,
  PROVIDER_TEXT,
  type DirectionsView,
  type NotifyProviderResult,
  type ProjectProviderView,
} from '@siteflow/core';
import { useCan } from '../../session';
import { notifyError, notifySuccess } from '../../ui/notify';
import { useNotification, useNotifyProvider } from './api';
import { directionsFailure } from './direction-map';

export const NOTIFICATION_SENT = 'Notification sent';

/** Travel from the provider to the project, as the directions answer gives it. */
export function TravelInfo({
  directions,
}: {
  directions: { data?: DirectionsView; isPending: boolean; isError: boolean };
}) {
  if (directions.isPending)
    return (
      <Text size="sm" c="dimmed">
        Working out the travel…
      </Text>
    );
  const route = directions.data?.route;
  if (directions.isError || !directions.data || !route) {
    const failure = directionsFailure(directions.data);
    return (
      <Text size="sm" c="dimmed">
        {failure ?? 'Travel distance unavailable.'}
      </Text>
    );
  }
  return (
    <Text size="sm" data-testid="travel-info">
      Travel: <strong>{formatDistance(route.distance_m, route.approximate)}</strong> ·{' '}
      <strong>{formatDuration(route.duration_s, route.approximate)}</strong>
    </Text>
  );
}

/** A phone number or e-mail address as a link, after its icon. */
function ContactLink({ href, icon: IconComponent, children }: { href: string; icon: Icon; children: string }) {
  return (
    <Anchor href={href} size="sm">
      <Group gap={4} component="span">
        <IconComponent size={14} aria-hidden />
        {children}
      </Group>
    </Anchor>
  );
}

/**
 * The current provider: name (to its page), status, assigned staff, phone and e-mail, travel, and
 * 'Notify Service Provider' (when allowed) with a tick once the queue has sent the e-mail.
 */
export function CurrentProviderCard({
  projectId,
  provider,
  replacing,
  canNotify,
  travel,
}: {
  projectId: number;
  provider: ProjectProviderView;
  replacing: boolean;
  canNotify: boolean;
  travel: React.ReactNode;
}) {
  // Client users have no provider pages to open.
  const canViewProvider = useCan('providers.view');
  const status = provider.status_code
    ? detailsStatus(provider.status_code)
    : { label: provider.status_label, colour: provider.status_colour };
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby="current-provider-title"
      data-testid="current-provider"
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase" id="current-provider-title">
              Current Service Provider
            </Text>
            {canViewProvider ? (
              <Anchor component={Link} to={`/service-providers/show/${provider.id}`} fw={600}>
                {provider.name}
              </Anchor>
            ) : (
              <Text fw={600}>{provider.name}</Text>
            )}
          </div>
          <Group gap={6} wrap="nowrap">
            {replacing ? (
              <Badge color="red" variant="filled">
                {PROVIDER_TEXT.replacing}
              </Badge>
            ) : null}
            {status.label ? (
              <Badge color={status.colour} variant="light">
                {status.label}
              </Badge>
            ) : null}
          </Group>
        </Group>
        <Text size="sm">
          <Text span size="sm" c="dimmed">
            Staff:{' '}
          </Text>
          {provider.sp_users || 'No staff assigned'}
        </Text>
        {provider.phone || provider.email ? (
          <Group gap="md">
            {provider.phone ? (
              <ContactLink href={`tel:${provider.phone.replace(/\s+/g, '')}`} icon={IconPhone}>
                {provider.phone}
              </ContactLink>
            ) : null}
            {provider.email ? (
              <ContactLink href={`mailto:${provider.email}`} icon={IconMail}>
                {provider.email}
              </ContactLink>
            ) : null}
          </Group>
        ) : null}
        {travel}
        {canNotify ? <NotifyButton projectId={projectId} initial={provider.notification} /> : null}
      </Stack>
    </Paper>
  );
}

function NotifyButton({ projectId, initial }: { projectId: number; initial: NotifyProviderResult | null }) {
  const [latest, setLatest] = useState<NotifyProviderResult | null>(initial);
  const notify = useNotifyProvider(projectId);
  const polled = useNotification(projectId, latest);
  const state = polled.data ?? latest;

  const send = () =>
    notify.mutate(undefined, {
      onSuccess: (result) => {
        setLatest(result);
        notifySuccess('The e-mail to the service provider is on its way.', 'Notification queued');
      },
      onError: (error) => notifyError(error, 'The service provider was not notified'),
    });

  return (
    <Group gap="sm" mt={4}>
      <Button
        leftSection={<IconSend size={16} aria-hidden />}
        variant="light"
        onClick={send}
        loading={notify.isPending}
      >
        {PROVIDER_TEXT.notify}
      </Button>
      {state?.status === 'sent' ? (
        <ThemeIcon
          color="green"
          radius="xl"
          size="md"
          role="img"
          aria-label={NOTIFICATION_SENT}
          title={NOTIFICATION_SENT}
          data-testid="notification-sent"
        >
          <IconCheck size={16} aria-hidden />
        </ThemeIcon>
      ) : state?.status === 'pending' ? (
        <Group gap={6} role="status">
          <Loader size="xs" aria-hidden />
          <Text size="sm" c="dimmed">
            Sending…
          </Text>
        </Group>
      ) : state?.status === 'failed' ? (
        <Text size="sm" c="red" role="alert">
          The e-mail could not be sent. Try again.
        </Text>
      ) : null}
    </Group>
  );
}

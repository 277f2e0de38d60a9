import { useState } from 'react';
import { Alert, Button, Group, Menu, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import {
  PROJECT_STATUS_LABELS,
  showsCompletedDate,
  toInputDateTime,
  type ProjectStatus,
  type ProjectView,
} from '@siteflow/core';
import { ApiError, errorMessage } from '../../api/client';
import { notifySuccess } from '../../ui/notify';
import { ProjectStatusBadge } from '../../ui/project-status-badge';
import { useChangeStatus } from './api';

export const CHANGE_STATUS_LABEL = 'Change status';

/**
 * The status menu of an editor: only the statuses the project may move to. Each change is
 * confirmed; completing asks for the completion time (now by default).
 */
export function StatusControl({ project }: { project: ProjectView }) {
  const [target, setTarget] = useState<ProjectStatus | null>(null);
  if (!project.allowed_statuses.length) return null;
  return (
    <>
      <Menu position="bottom-end" withinPortal shadow="md" withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <Button variant="default" rightSection={<IconChevronDown size={16} aria-hidden />}>
            {CHANGE_STATUS_LABEL}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {project.allowed_statuses.map((s) => (
            <Menu.Item key={s} onClick={() => setTarget(s)}>
              {PROJECT_STATUS_LABELS[s]}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Modal
        opened={target !== null}
        onClose={() => setTarget(null)}
        title={target ? `Change status to ${PROJECT_STATUS_LABELS[target]}?` : ''}
        centered
      >
        {target ? <StatusChange project={project} to={target} onDone={() => setTarget(null)} /> : null}
      </Modal>
    </>
  );
}

function StatusChange({ project, to, onDone }: { project: ProjectView; to: ProjectStatus; onDone: () => void }) {
  const change = useChangeStatus(project.id);
  const completing = to === 'completed';
  const [completedOn, setCompletedOn] = useState(() => toInputDateTime(new Date()));
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = () => {
    setFailure(null);
    change.mutate(
      { status: to, completed_on: completing ? completedOn || null : null },
      {
        onSuccess: () => {
          notifySuccess(`Status changed to ${PROJECT_STATUS_LABELS[to]}.`);
          onDone();
        },
        onError: (error) =>
          setFailure(
            error instanceof ApiError
              ? (error.fieldError('status') ?? error.fieldError('completed_on') ?? error.message)
              : errorMessage(error),
          ),
      },
    );
  };

  return (
    <Stack gap="md">
      <Group gap="xs">
        <ProjectStatusBadge status={project.status} />
        <Text size="sm" aria-hidden>
          →
        </Text>
        <ProjectStatusBadge status={to} />
      </Group>
      <Text size="sm">
        {`${project.project_code} moves from ${PROJECT_STATUS_LABELS[project.status]} to ${PROJECT_STATUS_LABELS[to]}.`}
        {showsCompletedDate(project.status) && !showsCompletedDate(to) ? ' Its completed date is cleared.' : ''}
      </Text>
      {completing ? (
        <TextInput
          label="Completed Date"
          type="datetime-local"
          value={completedOn}
          onChange={(e) => setCompletedOn(e.currentTarget.value)}
          description="When the work was completed (local time at the site)."
          data-autofocus
        />
      ) : null}
      {failure ? (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone} disabled={change.isPending}>
          Cancel
        </Button>
        <Button onClick={confirm} loading={change.isPending}>
          {CHANGE_STATUS_LABEL}
        </Button>
      </Group>
    </Stack>
  );
}

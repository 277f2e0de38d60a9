import { Button, Collapse, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { MESSAGE_VARIABLES, placeholder } from '@siteflow/core';
import classes from './variable-list.module.css';

/**
 * The collapsible list of variables (spec 2 section 2.7): a click inserts the variable's
 * placeholder where the cursor was (the subject or the body).
 */
export function VariableList({
  onInsert,
  id = 'message-variables',
}: {
  onInsert: (text: string) => void;
  id?: string;
}) {
  const [opened, { toggle }] = useDisclosure(false);
  return (
    <Stack gap="xs">
      <Group>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={toggle}
          aria-expanded={opened}
          aria-controls={id}
          leftSection={opened ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
        >
          Variables
        </Button>
      </Group>
      <Collapse expanded={opened} transitionDuration={0}>
        <ul id={id} className={classes.variables} aria-label="Variables">
          {MESSAGE_VARIABLES.map((v) => (
            <li key={v.name}>
              <UnstyledButton
                className={classes.variable}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => onInsert(placeholder(v.name))}
                aria-label={`Insert ${placeholder(v.name)}: ${v.description}`}
              >
                <Text component="span" size="sm" ff="monospace" fw={600}>
                  {placeholder(v.name)}
                </Text>
                <Text component="span" size="xs" c="dimmed">
                  {v.description}
                </Text>
              </UnstyledButton>
            </li>
          ))}
        </ul>
      </Collapse>
    </Stack>
  );
}

import { Suspense } from 'react';
import { ActionIcon, AppShell, Avatar, Burger, Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { Outlet } from 'react-router';
import { ROLE_LABELS } from '@siteflow/core';
import { useLogout } from '../../features/auth/api';
import { ProjectSearchActions } from '../../features/search';
import { LoadingState } from '../../ui/query-states';
import { useSession } from '../../session';
import { SideMenu } from './side-menu';
import { useMenuCollapsed } from './use-menu-collapsed';
import classes from './app-layout.module.css';

const NAV_WIDTH = 264;
const NAV_WIDTH_COLLAPSED = 76;
/** The main content region, the skip link's target. */
const MAIN_CONTENT_ID = 'main-content';

/**
 * 'Skip to main content', the first stop of Tab: past the header and the side menu (36 stops) to the
 * page. It focuses the main region itself (the address is not changed: the router keeps its own).
 */
function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className={classes.skipLink}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
    >
      Skip to main content
    </a>
  );
}

/** The frame of every signed-in screen: header, collapsible side menu, main content. */
export function AppLayout() {
  const session = useSession();
  const [collapsed, toggleCollapsed] = useMenuCollapsed();
  const [mobileOpened, { toggle: toggleMobile }] = useDisclosure(false);
  const isDesktop = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const iconOnly = collapsed && Boolean(isDesktop);
  const logout = useLogout();
  const user = session.user;

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{
        width: iconOnly ? NAV_WIDTH_COLLAPSED : NAV_WIDTH,
        breakpoint: 'sm',
        collapsed: { mobile: !mobileOpened },
      }}
      padding={{ base: 'md', md: 'xl' }}
      transitionDuration={150}
    >
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
            <Burger
              opened={mobileOpened}
              onClick={toggleMobile}
              hiddenFrom="sm"
              size="sm"
              aria-label={mobileOpened ? 'Close menu' : 'Open menu'}
            />
            <Text fw={600} size="sm" c="dimmed" truncate>
              {session.area === 'platform' ? 'Platform administration' : session.tenant.name}
            </Text>
          </Group>
          <Group gap="md" wrap="nowrap">
            {session.abilities.includes('projects.view') ? (
              <Group gap="xs" wrap="nowrap">
                <ProjectSearchActions />
              </Group>
            ) : null}
            {user ? (
              <Group gap="sm" wrap="nowrap">
                <Avatar
                  radius="xl"
                  size={36}
                  color="initials"
                  name={user.full_name}
                  src={
                    user.has_picture && session.abilities.includes('staff.view')
                      ? `/api/staff/${user.id}/picture`
                      : null
                  }
                  alt=""
                  aria-hidden
                />
                <Stack gap={0} visibleFrom="xs">
                  <Text size="sm" fw={600} lh={1.25} data-testid="current-user-name">
                    {user.full_name}
                  </Text>
                  <Text size="xs" c="dimmed" lh={1.25} data-testid="current-user-role">
                    {ROLE_LABELS[user.role]}
                  </Text>
                </Stack>
              </Group>
            ) : null}
            <Button
              variant="default"
              size="sm"
              leftSection={<IconLogout size={16} aria-hidden />}
              loading={logout.isPending}
              onClick={() => logout.mutate()}
              visibleFrom="sm"
            >
              Sign out
            </Button>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Sign out"
              loading={logout.isPending}
              onClick={() => logout.mutate()}
              hiddenFrom="sm"
            >
              <IconLogout size={18} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar aria-label="Main menu">
        <SideMenu session={session} iconOnly={iconOnly} onToggle={toggleCollapsed} showToggle={Boolean(isDesktop)} />
      </AppShell.Navbar>

      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}

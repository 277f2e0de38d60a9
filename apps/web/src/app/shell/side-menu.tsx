import { useState } from 'react';
import { Box, Menu, NavLink, ScrollArea, Stack, Tooltip, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import type { SessionView } from '@siteflow/core';
import { SiteflowWordmark, TenantLogo } from '../../ui/brand';
import { activeHref, menuFor, menuPath, type MenuItem } from './menu';
import classes from './side-menu.module.css';

export const MENU_LIST_ID = 'side-menu-items';

type SideMenuProps = {
  session: SessionView;
  /** Icons only (desktop); the labels show as tooltips. */
  iconOnly: boolean;
  onToggle: () => void;
  /** Hide the collapse toggle (the small-screen drawer is always full width). */
  showToggle: boolean;
};

/**
 * The side menu. Items are plain links: per the specification, choosing an item
 * navigates with a full page load (the collapsed state survives it in localStorage).
 */
export function SideMenu({ session, iconOnly, onToggle, showToggle }: SideMenuProps) {
  const location = useLocation();
  const items = menuFor(session);
  const active = activeHref(items, menuPath(session, location.pathname), location.search);

  return (
    <Stack h="100%" gap={0}>
      <Box className={classes.logo} data-icon-only={iconOnly || undefined}>
        <a href="/" className={classes.logoLink} aria-label={homeLinkName(session)}>
          {session.area === 'tenant' && session.tenant.logo_url ? (
            <TenantLogo name={session.tenant.name} url={session.tenant.logo_url} height={iconOnly ? 32 : 40} />
          ) : (
            <SiteflowWordmark compact={iconOnly} />
          )}
        </a>
      </Box>

      <ScrollArea style={{ flex: 1 }} type="auto">
        <Box component="ul" id={MENU_LIST_ID} className={classes.list} p={iconOnly ? 'xs' : 'sm'}>
          {items.map((item) => (
            <li key={item.label}>
              {iconOnly ? <IconOnlyItem item={item} active={active} /> : <FullItem item={item} active={active} />}
            </li>
          ))}
        </Box>
      </ScrollArea>

      {showToggle ? (
        <Box className={classes.footer} p={iconOnly ? 'xs' : 'sm'}>
          <Tooltip label="Expand menu" position="right" disabled={!iconOnly} withArrow>
            <UnstyledButton
              className={classes.toggle}
              onClick={onToggle}
              aria-label={iconOnly ? 'Expand menu' : 'Collapse menu'}
              aria-expanded={!iconOnly}
              aria-controls={MENU_LIST_ID}
              data-icon-only={iconOnly || undefined}
            >
              {iconOnly ? (
                <IconLayoutSidebarLeftExpand size={20} aria-hidden />
              ) : (
                <IconLayoutSidebarLeftCollapse size={20} aria-hidden />
              )}
              {iconOnly ? null : <span>Collapse menu</span>}
            </UnstyledButton>
          </Tooltip>
        </Box>
      ) : null}
    </Stack>
  );
}

function FullItem({ item, active }: { item: MenuItem; active: string | null }) {
  const Icon = item.icon;
  const [opened, setOpened] = useState(true);
  if (!item.children) {
    return (
      <NavLink
        component="a"
        href={item.href}
        label={item.label}
        leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
        active={item.href === active}
        aria-current={item.href === active ? 'page' : undefined}
        className={classes.item}
      />
    );
  }
  const childActive = item.children.some((c) => c.href === active);
  return (
    <NavLink
      component="button"
      type="button"
      label={item.label}
      leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
      opened={opened}
      onChange={setOpened}
      aria-expanded={opened}
      childrenOffset={30}
      className={classes.item}
      data-child-active={childActive || undefined}
      fw={childActive ? 600 : undefined}
    >
      <Box component="ul" className={classes.list}>
        {item.children.map((child) => (
          <li key={child.href}>
            <NavLink
              component="a"
              href={child.href}
              label={child.label}
              active={child.href === active}
              aria-current={child.href === active ? 'page' : undefined}
              className={classes.item}
            />
          </li>
        ))}
      </Box>
    </NavLink>
  );
}

function IconOnlyItem({ item, active }: { item: MenuItem; active: string | null }) {
  const Icon = item.icon;
  if (!item.children) {
    const isActive = item.href === active;
    return (
      <Tooltip label={item.label} position="right" withArrow>
        <a
          href={item.href}
          className={classes.iconItem}
          data-active={isActive || undefined}
          aria-label={item.label}
          aria-current={isActive ? 'page' : undefined}
        >
          <Icon size={22} stroke={1.6} aria-hidden />
        </a>
      </Tooltip>
    );
  }
  const childActive = item.children.some((c) => c.href === active);
  // Hover shows the group's name; a click (or Enter) opens its links.
  return (
    <Menu trigger="click" position="right-start" offset={10} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Tooltip label={item.label} position="right" withArrow>
          <UnstyledButton className={classes.iconItem} data-active={childActive || undefined} aria-label={item.label}>
            <Icon size={22} stroke={1.6} aria-hidden />
            <IconChevronRight size={10} className={classes.iconChevron} aria-hidden />
          </UnstyledButton>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown aria-label={item.label}>
        {item.children.map((child) => (
          <Menu.Item
            key={child.href}
            component="a"
            href={child.href}
            aria-current={child.href === active ? 'page' : undefined}
            fw={child.href === active ? 600 : undefined}
          >
            {child.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * The logo link's accessible name: where the Siteflow wordmark is what it shows, its name starts
 * with that word (WCAG 2.5.3, label in name: a voice user says what they see).
 */
export function homeLinkName(session: SessionView): string {
  if (session.area === 'platform') return 'Siteflow home';
  return session.tenant.logo_url ? `${session.tenant.name} home` : `Siteflow, ${session.tenant.name} home`;
}

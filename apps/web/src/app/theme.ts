import { createTheme, darken, type CSSVariablesResolver } from '@mantine/core';

/**
 * Shade 8 of blue keeps white button text and links above 4.5:1 on white;
 * the dark area reads the lighter shades through Mantine's own variables.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  components: {
    // The required mark is drawn by CSS (global.css), not as text inside the <label>:
    // that keeps a label's text exactly its name ("Password", not "Password *").
    InputWrapper: { defaultProps: { withAsterisk: false } },
    // Icon-only close buttons need a name.
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss notification' } } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
  },
});

/** Dimmed text in Mantine's defaults is below 4.5:1 on white; darken it a step in light mode. */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7]!,
    '--mantine-color-placeholder': t.colors.gray[6]!,
    '--mantine-color-error': t.colors.red[9]!,
    // Text of "light" badges, buttons and avatars: darker than Mantine's, for 4.5:1 on its tint.
    ...Object.fromEntries(
      Object.entries(t.colors).map(([name, shades]) => [
        `--mantine-color-${name}-light-color`,
        darken(shades[9]!, 0.25),
      ]),
    ),
  },
  dark: {
    '--mantine-color-dimmed': t.colors.dark[1]!,
    '--mantine-color-error': t.colors.red[4]!,
  },
});

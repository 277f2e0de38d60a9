import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * PasswordInput whose show/hide button does not repeat the word "password", so the
 * field is the only thing a label lookup for "Password" finds. The button is a Tab stop (Mantine
 * leaves it out of the tab order): a keyboard user can check what they typed too.
 */
export function PasswordField(props: PasswordInputProps) {
  return (
    <PasswordInput
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': 'Show or hide characters' }}
      {...props}
    />
  );
}

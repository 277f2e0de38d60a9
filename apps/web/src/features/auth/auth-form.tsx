import type { ReactNode } from 'react';
import { Alert, Anchor, TextInput, type TextInputProps } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconArrowLeft, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { AUTH_TEXT } from '@siteflow/core';
import { zodResolver } from '../../ui/zod-resolver';
import { checkAfterPress } from '../../ui/blur-validation';

type Contracts = typeof import('./contracts');
let contracts: Promise<Contracts> | undefined;

/**
 * The form of a sign-in screen, checked by its contract (a field also when it is left). The
 * contract is fetched (./contracts, with zod) on the first check, not with the page: the sign-in
 * page's first load carries no validation code.
 */
export function useAuthForm<Values extends Record<string, unknown>>(
  contract: (c: Contracts) => z.ZodType,
  initialValues: Values,
) {
  return useForm<Values>({
    mode: 'controlled',
    initialValues,
    validate: async (values) => zodResolver<Values>(contract(await (contracts ??= import('./contracts'))))(values),
    validateInputOnBlur: true,
    enhanceGetInputProps: checkAfterPress,
  });
}

/** What went well (a status the screen reader reads). */
export function AuthSuccess({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} role="status" data-testid={testId}>
      {children}
    </Alert>
  );
}

/** What went wrong (an alert). */
export function AuthFailure({ children }: { children: ReactNode }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
      {children}
    </Alert>
  );
}

/** The account's email address, which password managers know as the user name. */
export function EmailField(props: TextInputProps) {
  return <TextInput label="Email" type="email" name="email" autoComplete="username" required {...props} />;
}

/** The way back to the sign-in page, under a form. */
export function ReturnToLogin({ arrow = false }: { arrow?: boolean }) {
  return (
    <Anchor component={Link} to="/login" size="sm" ta="center">
      {arrow ? <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: '-2px', marginRight: 4 }} /> : null}
      {AUTH_TEXT.returnToLogin}
    </Anchor>
  );
}

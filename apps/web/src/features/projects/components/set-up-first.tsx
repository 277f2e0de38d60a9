import type { ReactNode } from 'react';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import type { Action } from '@siteflow/core';
import { useCan } from '../../../session';

/**
 * A choice with nothing to choose from yet (a new company: no clients, no service categories):
 * says so under the field and, to a user who may add them, where.
 */
export function SetUpFirst({
  text,
  to,
  ability,
  children,
}: {
  text: string;
  to: string;
  ability: Action;
  children: ReactNode;
}) {
  const can = useCan(ability);
  return (
    <>
      {text}{' '}
      {can ? (
        <Anchor component={Link} to={to} size="xs">
          {children}
        </Anchor>
      ) : (
        'Ask a company admin to add them.'
      )}
    </>
  );
}

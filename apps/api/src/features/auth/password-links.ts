import { RESET_TOKEN_MINUTES, renderMessage } from '@siteflow/core';
import { tenantUrl, type Config } from '../../config.js';
import type { Clock } from '../../platform/clock.js';
import type { Tx } from '../../platform/db/client.js';
import { passwordResets } from '../../platform/db/schema.js';
import type { OnCommit, Outbox } from '../../platform/mail.js';
import { hashToken, newToken } from '../../platform/tokens.js';

const INVITE_DAYS = 7;

type LinkUser = { id: string; email: string; firstName: string };
type LinkTenant = { id: string; slug: string | null; name: string };

/**
 * Create a single-use link to set a password and queue the e-mail that carries it.
 * 'reset' links last 60 minutes; 'invite' links (a new account) last 7 days.
 */
export async function sendPasswordLink(
  deps: { config: Config; clock: Clock; outbox: Outbox },
  tx: Tx,
  onCommit: OnCommit,
  tenant: LinkTenant,
  user: LinkUser,
  purpose: 'reset' | 'invite',
) {
  const token = newToken();
  const minutes = purpose === 'reset' ? RESET_TOKEN_MINUTES : INVITE_DAYS * 24 * 60;
  await tx.insert(passwordResets).values({
    tenantId: tenant.id,
    userId: user.id,
    tokenHash: hashToken(token),
    purpose,
    expiresAt: new Date(deps.clock.now().getTime() + minutes * 60_000),
  });
  // An invitation's link says so, and the screen asks for a first password instead of a reset.
  const link = `${tenantUrl(deps.config, tenant.slug)}/reset-password/${token}?email=${encodeURIComponent(user.email)}${
    purpose === 'invite' ? '&invite=1' : ''
  }`;
  const subject = purpose === 'reset' ? 'Reset Password Notification' : `Welcome to ${tenant.name} on Siteflow`;
  const intro =
    purpose === 'reset'
      ? 'You are receiving this email because we received a password reset request for your account.'
      : `An account has been created for you at ${tenant.name}. Set your password to sign in.`;
  const after =
    purpose === 'reset'
      ? `This password reset link will expire in ${RESET_TOKEN_MINUTES} minutes. If you did not request a password reset, no further action is required.`
      : `This link will expire in ${INVITE_DAYS} days.`;
  const action = purpose === 'reset' ? 'Reset Password' : 'Set Password';
  await deps.outbox.email(tx, onCommit, tenant.id, {
    to: user.email,
    subject,
    ...renderMessage([`Hello ${user.firstName},`, intro, { label: action, url: link }, after]),
  });
}

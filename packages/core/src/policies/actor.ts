import type { Actor } from '../roles/can.js';

/**
 * Who is acting, as the resource policies need it: the role and area that `can()` checks, and the
 * ties that decide which resources are theirs (their own user, their client, their provider).
 */
export type PolicyActor = Actor & { userId: string; clientId: string | null; providerId: string | null };

import { can } from '../roles/can.js';
import type { PolicyActor } from './actor.js';

/** A staff member, or null for one being created. */
export type StaffResource = { id: string } | null;
export type StaffAction = 'changeRole' | 'deactivate';

/**
 * Nobody changes their own role (which also keeps one admin in place) or deactivates themselves;
 * the role is otherwise the company admin's to give.
 */
export function canOnStaff(actor: PolicyActor, action: StaffAction, target: StaffResource): boolean {
  const self = !!target && target.id === actor.userId;
  switch (action) {
    case 'changeRole':
      return !self && can(actor, 'staff.changeRole');
    case 'deactivate':
      return !self && can(actor, 'staff.manage');
  }
}

/** The abilities the staff form options carry. */
export const staffFormAbilities = (actor: PolicyActor, target: StaffResource) => ({
  change_role: canOnStaff(actor, 'changeRole', target),
});

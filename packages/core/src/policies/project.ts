import { can } from '../roles/can.js';
import { isClientRole } from '../roles/roles.js';
import { isAssignable, type ProjectStatus } from '../projects/statuses.js';
import { projectScope } from '../projects/visibility.js';
import type { PolicyActor } from './actor.js';

/** What the project policies look at: whose project it is and where it stands. */
export type ProjectResource = { clientId: string; serviceProviderId: string | null; status: ProjectStatus };

export type ProjectAction = 'view' | 'edit' | 'delete' | 'assignProvider' | 'ratePerformance' | 'rateCustomer';

/**
 * Whether the project is one the actor sees at all: staff every project of the tenant, a client
 * user their client's, a provider user those assigned to their provider (the SQL filter
 * `visibleProjects` in the API says the same for lists).
 */
export function seesProject(
  actor: Pick<PolicyActor, 'role' | 'clientId' | 'providerId'>,
  project: Pick<ProjectResource, 'clientId' | 'serviceProviderId'>,
): boolean {
  const scope = projectScope(actor);
  switch (scope.kind) {
    case 'all':
      return true;
    case 'client':
      return !!scope.clientId && scope.clientId === project.clientId;
    case 'provider':
      return !!scope.providerId && scope.providerId === project.serviceProviderId;
    default:
      return false;
  }
}

/** Ratings are given once a project is completed or closed and has a provider. */
export const isRatable = (project: Pick<ProjectResource, 'status' | 'serviceProviderId'>) =>
  (project.status === 'completed' || project.status === 'closed') && !!project.serviceProviderId;

/**
 * Who may do what with one project (the role's ability, on a project the actor sees). The
 * project's state is checked separately where a refusal because of it is a 422 rather than a 403
 * (`isAssignable`, `isRatable`); `projectAbilities` combines both for the views.
 */
export function canOnProject(actor: PolicyActor, action: ProjectAction, project: ProjectResource): boolean {
  if (!seesProject(actor, project)) return false;
  switch (action) {
    case 'view':
      return can(actor, 'projects.view');
    case 'edit':
      return can(actor, 'projects.edit');
    case 'delete':
      return can(actor, 'projects.delete');
    case 'assignProvider':
      return can(actor, 'projects.assignProvider');
    case 'ratePerformance':
      return can(actor, 'projects.ratePerformance');
    case 'rateCustomer':
      // A client user gives the customer rating of their own client's projects only.
      return (
        can(actor, 'projects.rateCustomer') &&
        isClientRole(actor.role) &&
        !!actor.clientId &&
        actor.clientId === project.clientId
      );
  }
}

/** The abilities a project view carries. */
export const projectAbilities = (actor: PolicyActor, project: ProjectResource) => ({
  edit: canOnProject(actor, 'edit', project),
  delete: canOnProject(actor, 'delete', project),
});

/** The abilities a project's ratings view carries. */
export const ratingAbilities = (actor: PolicyActor, project: ProjectResource) => ({
  rate_performance: isRatable(project) && canOnProject(actor, 'ratePerformance', project),
  rate_customer: isRatable(project) && canOnProject(actor, 'rateCustomer', project),
});

/** The abilities a provider search for a project carries. */
export const projectSearchAbilities = (actor: PolicyActor, project: ProjectResource | null) => ({
  assign: !!project && isAssignable(project.status) && canOnProject(actor, 'assignProvider', project),
});

import { ProjectProviderSection } from '../features/project-provider';
import { ProjectDetailsScreen } from '../features/projects/project-details-screen';
import { ProjectTasksPanel } from '../features/tasks';

/** The project details screen with the service-provider part and the action list of their own features put in by the app. */
export function ProjectDetailsRoute() {
  return (
    <ProjectDetailsScreen
      providerSection={(project) => <ProjectProviderSection project={project} />}
      tasksSection={(project) => <ProjectTasksPanel projectId={project.id} />}
    />
  );
}

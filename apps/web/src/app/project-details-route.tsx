import { ProjectProviderSection } from '../features/project-provider';
import { ProjectDetailsScreen } from '../features/projects/project-details-screen';
import { ProjectStoryboard, ProjectTasksPanel } from '../features/tasks';

/** The project details screen with the service-provider part, the action list and the storyboards of their own features put in by the app. */
export function ProjectDetailsRoute() {
  return (
    <ProjectDetailsScreen
      providerSection={(project) => <ProjectProviderSection project={project} />}
      tasksSection={(project) => (
        <>
          <ProjectTasksPanel projectId={project.id} />
          <ProjectStoryboard projectId={project.id} />
        </>
      )}
    />
  );
}

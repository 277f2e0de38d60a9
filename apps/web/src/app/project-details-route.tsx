import { ProjectProviderSection } from '../features/project-provider';
import { ProjectDetailsScreen } from '../features/projects/project-details-screen';

/** The project details screen with the service-provider part of its own feature put in by the app. */
export function ProjectDetailsRoute() {
  return <ProjectDetailsScreen providerSection={(project) => <ProjectProviderSection project={project} />} />;
}

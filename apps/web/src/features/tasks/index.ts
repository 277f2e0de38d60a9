export { ActionListScreen } from './action-list-screen';
export { ProjectTasksPanel } from './project-tasks-panel';
export { ProjectStoryboard } from './project-storyboard';

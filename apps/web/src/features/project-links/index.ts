export { ProjectLinksPanel } from './project-links-panel';

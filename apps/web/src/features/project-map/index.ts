export { ProjectMapScreen } from './project-map-screen';

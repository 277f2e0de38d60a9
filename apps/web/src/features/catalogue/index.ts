export { WorksAndMaterialsScreen } from './works-and-materials-screen';
export { catalogueKeys, useWorkItemOptions } from './api';

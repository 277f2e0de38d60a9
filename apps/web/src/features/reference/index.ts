export { CategoriesScreen } from './categories-screen';
export { ClassificationsScreen } from './classifications-screen';
export { TagsScreen } from './tags-screen';

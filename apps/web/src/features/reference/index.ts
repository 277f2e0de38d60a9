import { createElement } from 'react';
import { Navigate } from 'react-router';

export { CategoriesScreen } from './categories-screen';
export { ClassificationsScreen } from './classifications-screen';
export { TagsScreen } from './tags-screen';

/** /reference opens its first page. */
export function ReferenceIndexRedirect() {
  return createElement(Navigate, { to: '/reference/categories', replace: true });
}

/** Request bodies that pass validation, for tests that create things through the API. */
import { uniq, uniqueEmail } from './harness.js';

/** POST /api/customers: a new customer company and its owner (a fresh name and e-mail each time). */
export const customerInput = (over: Record<string, string | boolean> = {}) => ({
  customer_name: `Acme ${uniq()} Pty Ltd`,
  name: `c-${uniq()}`,
  email: uniqueEmail('owner'),
  first_name: 'Olive',
  last_name: 'Owner',
  phone: '07 3000 1111',
  position: 'Director',
  address: '1 Main Street',
  suburb: 'Brisbane City',
  state: 'QLD',
  postcode: '4000',
  ...over,
});

/**
 * The sign-in screens' contracts, fetched by `useAuthForm` when a form first checks a field:
 * they bring zod (about 26 kB gzipped), which the sign-in page's first load does without.
 */
export { LoginRequest, ResetLinkRequest, ResetPasswordRequest } from '@siteflow/core';

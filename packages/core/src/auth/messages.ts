/** User-visible texts of sign-in and password reset, verbatim from spec 1 section 5. */
export const AUTH_TEXT = {
  signInHeading: 'Sign in now',
  rememberMe: 'Remember Me',
  login: 'Login',
  forgotLink: 'Forgot Your Password?',
  resetRequestHeading: 'Reset Password',
  sendResetLink: 'Send Password Reset Link',
  returnToLogin: 'Return to Login',
  resetButton: 'Reset Password',
  emailRequired: 'The email field is required.',
  passwordRequired: 'The password field is required.',
  confirmPasswordRequired: 'The confirm password field is required.',
  passwordTooShort: 'The password must be at least 8 characters.',
  passwordTooLong: 'The password may not be greater than 1024 characters.',
  passwordMismatch: 'The password confirmation does not match.',
  // Not in the spec (issue 9): a new password may not be a common one or the account's own name.
  passwordTooCommon: 'This password is too common. Choose one that is harder to guess.',
  passwordLikeAccount: 'The password must not be your email address or the company name.',
  badCredentials: 'These credentials do not match our records.',
  resetLinkSent: 'If an account exists for that email address, we have emailed a password reset link.',
  resetTokenInvalid: 'This password reset link is invalid or has expired.',
  passwordResetDone: 'Your password has been reset. You can now sign in.',
  throttled: 'Too many attempts. Please wait a few minutes and try again.',
  signedOut: 'You have been signed out.',
  // Not in the spec: an invitation's link sets a new account's first password (docs/decisions.md).
  inviteHeading: 'Set Password',
  inviteSubtitle: 'Choose a password for your new account.',
  inviteButton: 'Set Password',
  inviteDone: 'Your password is set. You can now sign in.',
} as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 1024;
export const RESET_TOKEN_MINUTES = 60;
export const SESSION_HOURS = 12;
export const REMEMBER_DAYS = 30;

export { LoginScreen } from './login-screen';
export { ForgotPasswordScreen } from './forgot-password-screen';
export { ResetPasswordScreen } from './reset-password-screen';

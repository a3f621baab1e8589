import { defineWebModule, eachLanguage } from '../../app/webModule';
import { a11yPages } from './a11y';

/** Sign-in, registration and password reset: public pages outside the shell (spec portal §2 "Public routes"). */
export default defineWebModule({
  name: 'auth',
  publicRoutes: [
    { path: 'login', load: () => import('./LoginPage') },
    { path: 'login_new', load: () => import('./WorkspaceLoginPage') },
    { path: 'authorize', load: () => import('./AuthorizePage') },
    { path: 'register', load: () => import('./RegisterPage') },
    { path: 'forgot-password', load: () => import('./ForgotPasswordPage') },
    { path: 'reset-password/:token', load: () => import('./ResetPasswordPage') },
  ],
  // The sign-in page downloads the texts of the language it shows, not all three (issue 11's byte budget).
  texts: {
    namespace: 'auth',
    load: eachLanguage({
      en: () => import('./texts/en'),
      ru: () => import('./texts/ru'),
      uk: () => import('./texts/uk'),
    }),
  },
  a11yPages,
});

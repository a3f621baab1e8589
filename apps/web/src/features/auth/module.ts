import { defineWebModule } from '../../app/webModule';

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
  texts: { namespace: 'auth', load: async () => (await import('./texts')).authTexts },
});

import { LoginForm } from './LoginForm';

/** /login_new/: sign-in with a workspace field. */
export default function WorkspaceLoginPage() {
  return <LoginForm withWorkspace />;
}

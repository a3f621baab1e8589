import { LoginForm } from './LoginForm';

/** /login/ */
export default function LoginPage() {
  return <LoginForm withWorkspace={false} />;
}

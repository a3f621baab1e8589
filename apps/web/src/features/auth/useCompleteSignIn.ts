import { useNavigate } from 'react-router';
import type { SignInAnswer } from '../../api/session';
import { takeReturnPath } from '../../api/storage';
import { useSession } from '../../app/session/context';

/** Keeps the session and goes back to the page the person wanted, or to the start page. */
export function useCompleteSignIn() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  return async (answer: SignInAnswer) => {
    await signIn(answer.token, answer.result);
    navigate(takeReturnPath() ?? '/', { replace: true });
  };
}

import { useSelector } from '@xstate/react';
import { actor } from './main';

export default function Login() {
  const busy = useSelector(actor, (s) => s.matches('busy'));
  return (
    <form onSubmit={(e) => (e.preventDefault(), actor.send({ type: 'go' }))}>
      <input name="userName" />
      <input name="password" type="password" />
      <button disabled={busy}>Log in</button>
    </form>
  );
}

import { useSelector } from '@xstate/react';
import { usePortal } from '../app/PortalContext';
import { Menu } from './Menu';

/** The user menu of the account bar: My Settings, Log Out (spec section 2). */
export function UserMenu() {
  const { session, users } = usePortal();
  const logOut = () => {
    // Best effort, not waited for: the server ends the session while the SPA forgets it at once.
    users.logout().catch(() => undefined);
    session.send({ type: 'user.logout' });
  };
  const userName = useSelector(session, (s) => s.context.user.userName);
  return (
    <Menu
      label={userName}
      align="right"
      namedByTrigger
      trigger={
        <>
          <span className="avatar" aria-hidden="true">
            {userName.slice(0, 1).toUpperCase()}
          </span>
          <span className="menu__label">{userName}</span>
        </>
      }
      items={[
        { label: 'My Settings', to: '/user' },
        { label: 'Log Out', onSelect: logOut },
      ]}
    />
  );
}

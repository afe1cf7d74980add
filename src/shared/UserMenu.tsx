import { useEffect, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { usePortal } from '../app/PortalContext';

/** The user menu of the account bar: My Settings, Log Out (spec section 2). */
export function UserMenu() {
  const { session } = usePortal();
  const userName = useSelector(session, (s) => s.context.user.userName);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => !root.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  return (
    <div className="menu" ref={root} onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      <button
        type="button"
        className="menu__trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="avatar" aria-hidden="true">
          {userName.slice(0, 1).toUpperCase()}
        </span>
        <span className="menu__label">{userName}</span>
      </button>
      {open && (
        <ul className="menu__list" role="menu">
          <li role="none">
            <Link role="menuitem" to="/user" onClick={() => setOpen(false)}>
              My Settings
            </Link>
          </li>
          <li role="none">
            <button
              role="menuitem"
              type="button"
              onClick={() => {
                setOpen(false);
                session.send({ type: 'user.logout' });
              }}
            >
              Log Out
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}

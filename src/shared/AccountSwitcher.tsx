import { useEffect, useRef } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { groupTypeLabels } from '../../contract/shared/access';
import { territoryLabels } from '../../contract/shared/territory';
import { accountSwitcherMachine, switcherLevels, switcherRowPx } from '../../machines/accountSwitcher';
import { usePortal } from '../app/PortalContext';


/**
 * Change Account: a sliding list of at most three levels (spec section 4). A group with more than
 * one child opens; any other is chosen, with its first descendants.
 */
export function AccountSwitcher() {
  const { groups } = usePortal();
  const navigate = useNavigate();
  const actor = useActorRef(
    accountSwitcherMachine.provide({
      actions: {
        choose: (_, { group }) => {
          groups.send({ type: 'group.select', group });
          void navigate({ to: '/home' });
        },
      },
    }),
  );
  const open = useSelector(actor, (s) => s.matches('open'));
  const path = useSelector(actor, (s) => s.context.path);
  const roots = useSelector(groups, (s) => s.context.groups);
  const currentId = useSelector(groups, (s) => s.context.selection.account?.id);
  const panel = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  const rows = path.length === 0 ? roots : (path.at(-1)!.children ?? []);

  useEffect(() => {
    if (open) panel.current?.querySelector<HTMLElement>('button')?.focus();
  }, [open, path.length]);

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => {
      if (!panel.current?.contains(e.target as Node) && e.target !== trigger.current) actor.send({ type: 'switcher.close' });
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open, actor]);

  return (
    <div className="switcher">
      <button
        ref={trigger}
        type="button"
        className="button button--small"
        aria-expanded={open}
        aria-controls="account-switcher"
        onClick={() => actor.send({ type: open ? 'switcher.close' : 'switcher.open' })}
      >
        Change Account
      </button>
      {open && (
        <div
          id="account-switcher"
          className="switcher__panel"
          role="dialog"
          aria-label="Change account"
          ref={panel}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              actor.send({ type: 'switcher.close' });
              trigger.current?.focus();
            }
          }}
        >
          <div className="switcher__head">
            {path.length > 0 ? (
              <button type="button" className="link-button" onClick={() => actor.send({ type: 'switcher.back' })}>
                ‹ Back
              </button>
            ) : (
              <span className="muted">Your groups</span>
            )}
            <span className="switcher__trail">{path.map((g) => g.name).join(' › ')}</span>
          </div>
          <ul
            key={path.length}
            className={`switcher__list switcher__list--level${path.length}`}
            // Spec section 9: 25 px per nesting row.
            style={{ maxHeight: `${switcherRowPx * 12}px` }}
          >
            {rows.length === 0 && <li className="muted switcher__empty">No groups here.</li>}
            {rows.map((group) => {
              const opens = (group.children?.length ?? 0) > 1 && path.length < switcherLevels - 1;
              return (
                <li key={group.id} style={{ minHeight: `${switcherRowPx}px` }}>
                  <button
                    type="button"
                    className={`switcher__row${group.id === currentId ? ' switcher__row--current' : ''}`}
                    aria-current={group.id === currentId ? 'true' : undefined}
                    onClick={() => actor.send({ type: 'switcher.pick', group })}
                  >
                    <span className="switcher__name">{group.name}</span>
                    <span className="switcher__meta">
                      {groupTypeLabels[group.type]} · {territoryLabels[group.territory]}
                      {group.pendingOwnership ? ' · Pending Ownership' : ''}
                    </span>
                    {opens && (
                      <span className="switcher__chevron" aria-label={`${group.children!.length} inside`}>
                        ›
                      </span>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}

import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';

export type MenuEntry = { label: string; to?: string; onSelect?: () => void };

/**
 * A button that opens a list of links or actions: Escape closes it, arrow keys move between items,
 * a click outside closes it.
 */
export function Menu({ label, trigger, items, align = 'left', className = '', namedByTrigger = false }: {
  label: string;
  trigger?: ReactNode;
  items: MenuEntry[];
  align?: 'left' | 'right';
  className?: string;
  /** The trigger's visible text names it (the user menu's name); else `label` does. */
  namedByTrigger?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => !root.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener('mousedown', close);
    root.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      // Closing this list is all Escape does; with the list closed it reaches whatever holds the menu.
      if (!open) return;
      e.stopPropagation();
      setOpen(false);
      root.current?.querySelector<HTMLElement>('button[aria-haspopup]')?.focus();
      return;
    }
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const entries = [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const next = e.key === 'ArrowDown' ? (at + 1) % entries.length : (at - 1 + entries.length) % entries.length;
    entries[next]?.focus();
  };

  return (
    <div className={`menu ${className}`} ref={root} onKeyDown={onKeyDown}>
      <button
        type="button"
        className="menu__trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={id}
        aria-label={trigger && !namedByTrigger ? label : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {trigger ?? (
          <>
            {label} <span aria-hidden="true">▾</span>
          </>
        )}
      </button>
      {open && (
        <ul className={`menu__list menu__list--${align}`} role="menu" id={id} aria-label={label}>
          {items.map((item) => (
            <li role="none" key={item.label}>
              {item.to ? (
                <Link role="menuitem" to={item.to} onClick={() => setOpen(false)}>
                  {item.label}
                </Link>
              ) : (
                <button
                  role="menuitem"
                  type="button"
                  onClick={() => {
                    setOpen(false);
                    item.onSelect?.();
                  }}
                >
                  {item.label}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from '@institute/shared/router';
import { useDismiss } from '../hooks/use-dismiss';
import styles from './user-menu.module.css';

interface UserMenuProps {
  username: string;
  isAdmin: boolean;
  onLogout(): void;
}

/** A menu button (WAI-ARIA APG): opening focuses the first item, arrows move, Escape returns focus to the button. */
export function UserMenu({ username, isAdmin, onLogout }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const menuId = useId();

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useDismiss(rootRef, open, (reason) => close(reason === 'escape'));

  useEffect(() => {
    if (open) items()[0]?.focus();
  }, [open]);

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => list[(i + list.length) % list.length]?.focus();
    if (event.key === 'ArrowDown') focusAt(index + 1);
    else if (event.key === 'ArrowUp') focusAt(index - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(list.length - 1);
    else if (event.key === 'Tab') return close(false);
    else return undefined;
    event.preventDefault();
    return undefined;
  };

  return (
    <div className={styles.root} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={onButtonKeyDown}
      >
        <span className={styles.avatar} aria-hidden="true">{username.charAt(0).toUpperCase()}</span>
        <span>{username}</span>
        <span className={styles.caret} aria-hidden="true" />
      </button>
      {open ? (
        <ul id={menuId} ref={menuRef} role="menu" aria-label={`${username} menu`} className={styles.menu} onKeyDown={onMenuKeyDown}>
          <li role="none">
            <Link role="menuitem" to="/profile" className={styles.item} onClick={() => close(false)}>My Profile</Link>
          </li>
          {isAdmin ? (
            <li role="none">
              <Link role="menuitem" to="/admin" className={styles.item} onClick={() => close(false)}>Admin Dashboard</Link>
            </li>
          ) : null}
          <li role="none">
            <button role="menuitem" type="button" className={styles.item} onClick={() => { close(false); onLogout(); }}>
              Logout
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}

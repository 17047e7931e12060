import { useId, useRef, useState, type MouseEvent } from 'react';
import { Link, useLocation } from '@institute/shared/router';
import type { SessionUser } from '@institute/shared/contract';
import { useDismiss } from '../hooks/use-dismiss';
import { NavLinks } from './nav-links';
import styles from './mobile-menu.module.css';

interface MobileMenuProps {
  user: SessionUser | null;
  onLogout(): void;
}

/** The small-screen menu: same links as the desktop bar; closes on navigation, Escape and outside clicks. */
export function MobileMenu({ user, onLogout }: MobileMenuProps) {
  // Open on the page it was opened on: a navigation closes it, with no effect to catch up after the render.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const { pathname } = useLocation();
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);
  useDismiss(rootRef, open, (reason) => {
    setOpen(false);
    if (reason === 'escape') toggleRef.current?.focus();
  });

  // A link to the page already shown changes no location, so any link click closes the panel too.
  const closeOnLink = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('a')) setOpen(false);
  };

  return (
    <div className={styles.root} ref={rootRef}>
      <button
        ref={toggleRef}
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <span className={styles.bars} aria-hidden="true" />
        <span className="visually-hidden">Menu</span>
      </button>
      <div id={panelId} className={styles.panel} hidden={!open} onClick={closeOnLink}>
        {open ? (
          <>
            <NavLinks label="Mobile" layout="column" />
            <div className={styles.account}>
              {user ? (
                <>
                  <p className={styles.user}>Signed in as <strong>{user.username}</strong></p>
                  <Link to="/profile" className={styles.link}>My Profile</Link>
                  {user.role === 'admin' ? <Link to="/admin" className={styles.link}>Admin Dashboard</Link> : null}
                  <button type="button" className={styles.link} onClick={() => { setOpen(false); onLogout(); }}>Logout</button>
                </>
              ) : (
                <Link to="/login" className={styles.signIn}>Sign In</Link>
              )}
            </div>
          </>
        ) : null}
      </div>
    </div>
  );
}

import { Link, useNavigate } from '@institute/shared/router';
import { useAuth } from '@institute/shared/auth';
import { CourseSearch } from './components/course-search';
import { Logo } from './components/logo';
import { MobileMenu } from './components/mobile-menu';
import { NavLinks } from './components/nav-links';
import { UserMenu } from './components/user-menu';
import styles from './header.module.css';

/** The site header on every page (spec section 2, Header). */
export function Header() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const signOut = () => {
    logout();
    navigate('/');
  };

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Logo />
        <div className={styles.search}>
          <CourseSearch />
        </div>
        <div className={styles.account}>
          {user ? (
            <UserMenu username={user.username} isAdmin={user.role === 'admin'} onLogout={signOut} />
          ) : (
            <Link to="/login" className={styles.signIn}>Sign In</Link>
          )}
        </div>
        <MobileMenu user={user} onLogout={signOut} />
      </div>
      <div className={styles.desktopNav}>
        <NavLinks label="Main" layout="row" />
      </div>
    </header>
  );
}

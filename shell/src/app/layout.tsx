import { Outlet } from '@institute/shared/router';
import { Footer } from '../features/footer/footer';
import { Header } from '../features/header/header';
import styles from './layout.module.css';

export function Layout() {
  return (
    <div className={styles.page}>
      <a href="#main" className={styles.skip}>Skip to content</a>
      <Header />
      <main id="main" tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}

import { lazy, Suspense } from 'react';
import { Spinner } from '@institute/shared/ui';
import styles from './admin-page.module.css';

// Its own chunk, like every section: the charts' code loads with the landing page only.
const StatsDashboard = lazy(() => import('../features/dashboard/components/stats-dashboard').then((m) => ({ default: m.StatsDashboard })));

export function Dashboard() {
  return (
    <>
      <h1 id="admin-section-title" className={styles.title}>Welcome to the Admin Dashboard</h1>
      <p className={styles.lead}>
        Choose a section in the Admin Panel to manage users, courses, quick programs, gallery images, blog posts and payments.
      </p>
      <Suspense fallback={<Spinner label="Loading figures..." />}>
        <StatsDashboard />
      </Suspense>
    </>
  );
}

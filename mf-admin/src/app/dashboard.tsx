import styles from './admin-page.module.css';

export function Dashboard() {
  return (
    <>
      <h1 id="admin-section-title" className={styles.title}>Welcome to the Admin Dashboard</h1>
      <p className={styles.lead}>
        Choose a section in the Admin Panel to manage users, courses, quick programs, gallery images, blog posts and payments.
      </p>
    </>
  );
}

import { ApiError, useQuickPrograms } from '@institute/shared/api';
import { Banner, EmptyState, ErrorState, Spinner } from '@institute/shared/ui';
import { QuickProgramCard } from './quick-program-card';
import styles from './quick-programs.module.css';

/** The spec's list failure names the HTTP status, not the server's own message. */
function failureText(error: Error): string {
  return error instanceof ApiError && error.status > 0 ? `HTTP error! status: ${error.status}` : error.message;
}

function ProgramList() {
  const { data, isPending, error, refetch } = useQuickPrograms();
  if (isPending) return <Spinner label="Loading quick programs..." />;
  if (error) return <ErrorState onRetry={() => void refetch()}>Error loading programs: {failureText(error)}</ErrorState>;
  const programs = Array.isArray(data) ? data : [];
  if (programs.length === 0) return <EmptyState>No programs available.</EmptyState>;
  return (
    <ul className={styles.grid} aria-label="Quick programs">
      {programs.map((program, index) => (
        <QuickProgramCard key={program._id} program={program} priority={index === 0} />
      ))}
    </ul>
  );
}

export function QuickProgramsPage() {
  return (
    <>
      <Banner title="Quick Programs" />
      <div className={styles.page}>
        <ProgramList />
      </div>
    </>
  );
}

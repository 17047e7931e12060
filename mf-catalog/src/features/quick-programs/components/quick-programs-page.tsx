import { statusText, useQuickPrograms } from '@institute/shared/api';
import { Banner, EmptyState, ErrorState, Spinner } from '@institute/shared/ui';
import { ListControls, NoMatches } from '../../../components/list-controls/list-controls';
import { useListQuery } from '../../../components/list-controls/use-list-query';
import { applyListQuery, categoriesOf } from '../../../utils/list-query';
import { QuickProgramCard } from './quick-program-card';
import styles from './quick-programs.module.css';

function ProgramList() {
  const { data, isPending, error, refetch } = useQuickPrograms();
  const [query, setQuery] = useListQuery();
  if (isPending) return <Spinner label="Loading quick programs..." />;
  if (error) return <ErrorState onRetry={() => void refetch()}>Error loading programs: {statusText(error, error.message)}</ErrorState>;
  const programs = Array.isArray(data) ? data : [];
  if (programs.length === 0) return <EmptyState>No programs available.</EmptyState>;
  const shown = applyListQuery(programs, query);
  return (
    <>
      <ListControls noun="programs" categories={categoriesOf(programs)} query={query} onChange={setQuery} shown={shown.length} total={programs.length} />
      {shown.length === 0 ? <NoMatches noun="programs" onClear={() => setQuery({ sort: query.sort })} /> : (
        <ul className={styles.grid} aria-label="Quick programs">
          {shown.map((program, index) => (
            <QuickProgramCard key={program._id} program={program} priority={index === 0} />
          ))}
        </ul>
      )}
    </>
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

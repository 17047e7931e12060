import { quickProgramPagesQuery, statusText } from '@institute/shared/api';
import { Banner, ErrorState, Spinner } from '@institute/shared/ui';
import { CatalogList } from '../../../components/catalog-list/catalog-list';
import { QuickProgramCard } from './quick-program-card';
import styles from './quick-programs.module.css';

export function QuickProgramsPage() {
  return (
    <>
      <Banner title="Quick Programs" />
      <div className={styles.page}>
        <CatalogList
          noun="programs"
          label="Quick programs"
          gridClass={styles.grid!}
          pages={quickProgramPagesQuery}
          loading={<Spinner label="Loading quick programs..." />}
          empty="No programs available."
          error={(retry, error) => <ErrorState onRetry={retry}>Error loading programs: {statusText(error, error.message)}</ErrorState>}
          card={(program, index) => <QuickProgramCard key={program._id} program={program} priority={index === 0} deferImage={index > 0} />}
        />
      </div>
    </>
  );
}

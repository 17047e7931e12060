import { useParams } from '@institute/shared/router';
import type { ProgramPaymentProps } from '@institute/shared/contract';
import { RemoteSlot } from '@institute/shared/federation';
import { Banner, EmptyState, ErrorState, Spinner } from '@institute/shared/ui';
import { ContentList, RichText } from '../../../components/rich-text/rich-text';
import { Tabs } from '../../../components/tabs/tabs';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useQuickProgram } from '../api/use-quick-program';
import { UpcomingSessions } from '../../../components/upcoming-sessions/upcoming-sessions';
import { ProgramFacts } from './program-facts';
import styles from './quick-program-detail.module.css';

export function QuickProgramDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { data: program, isPending, isError } = useQuickProgram(id);
  usePageTitle(program && typeof program === 'object' ? program.title : undefined);

  if (isPending) return <Spinner />;
  if (isError) return <ErrorState>Program not found or failed to load</ErrorState>;
  if (!program || typeof program !== 'object') return <EmptyState>Program not found.</EmptyState>;

  const tabs = [
    { id: 'description', label: 'Description', panel: <RichText html={program.description} empty="No description yet." /> },
    { id: 'contents', label: 'Contents', panel: <ContentList content={program.content} empty="No contents listed yet." /> },
    {
      id: 'duration',
      label: 'Duration',
      panel: <ProgramFacts program={program} fields={['prerequisite', 'hours', 'duration', 'price']} />,
    },
  ];
  const payment: ProgramPaymentProps = { programId: program._id, price: program.price, title: program.title };

  return (
    <>
      <Banner title={program.title} />
      <div className={styles.layout}>
        <div className={styles.main}>
          <UpcomingSessions owner={{ kind: 'program', id: program._id }} />
          <Tabs label="Program details" idPrefix={`program-${program._id}`} tabs={tabs} />
        </div>
        <aside className={styles.aside} aria-label="Program summary">
          <ProgramFacts program={program} fields={['price', 'duration', 'hours', 'prerequisite']} />
          {/* Checkout owns payments; if it is down the slot shows a fallback and the page stays usable. Its code loads
              as the widget nears the viewport (below the program on a phone), not before the page is interactive. */}
          <RemoteSlot id="mf_checkout/ProgramPayment" area="Payments" props={payment} load="near-viewport" />
        </aside>
      </div>
    </>
  );
}

import type { AdvisingPageProps } from '@institute/shared/contract';
import { AdvisingCancelPage } from '../features/contact/components/advising-cancel-page';
import { AdvisingPage as BookingPage } from '../features/contact/components/advising-page';

/** One expose for both advising routes: the booking page, and the page a booking's cancel link opens. */
export default function AdvisingPage({ view = 'book' }: AdvisingPageProps) {
  return view === 'cancel' ? <AdvisingCancelPage /> : <BookingPage />;
}

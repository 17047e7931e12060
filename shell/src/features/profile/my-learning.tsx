import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { paymentsApi, planKeys, plansApi, queryKeys } from '@institute/shared/api';
import { getConfig } from '@institute/shared/config';
import type { CheckoutModalProps, Enrollment } from '@institute/shared/contract';
import { RemoteSlot } from '@institute/shared/federation';
import { Link, useSearchParams } from '@institute/shared/router';
import { formatMoney } from '@institute/shared/rules';
import { EmptyState, ErrorState, Spinner } from '@institute/shared/ui';
import { CertificateLink } from './certificate-link';
import { ClassEnrollmentLine, ownerOf, useClassEnrollments } from './class-enrollments';
import { PaymentSchedule, PlanPicker } from './payment-schedule';
import { WaitlistPlaces } from './waitlist-places';
import styles from './profile.module.css';

/** The program's own page: another way to the balance, and where to go when checkout cannot load here. */
const programPageOf = (e: Enrollment) => (e.kind === 'course' ? `/courses/${e.programId}` : `/quick-programs/${e.programId}`);

/** `initiallyOpen`: a payment reminder's link (/profile?pay=<program>) opens checkout for that balance at once. */
function PayBalance({ enrollment, initiallyOpen }: { enrollment: Enrollment; initiallyOpen: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  const client = useQueryClient();
  const close = () => {
    setOpen(false);
    void client.invalidateQueries({ queryKey: ['payments'] });
  };
  return (
    <>
      <button type="button" className={styles.action} onClick={() => setOpen(true)} aria-label={`Pay balance of ${enrollment.title}`}>
        Pay balance
      </button>
      {open ? (
        <RemoteSlot<CheckoutModalProps>
          id="mf_checkout/CheckoutModal"
          area={`Checkout (${enrollment.title})`}
          props={{ course: { _id: enrollment.programId, title: enrollment.title, price: enrollment.price }, open, onClose: close }}
        />
      ) : null}
      {open ? <p className={styles.note}>Or pay from <Link to={programPageOf(enrollment)}>the program&apos;s page</Link>.</p> : null}
    </>
  );
}

/** Beyond the spec (issue 18): each program the student paid into, what is paid and due, and its receipts. */
export function MyLearning() {
  const learning = useQuery({ queryKey: queryKeys.myLearning, queryFn: paymentsApi.learning });
  const schedules = useQuery({ queryKey: planKeys.mine, queryFn: plansApi.mine });
  const scheduleOf = new Map(schedules.data?.map((s) => [s.programId, s]) ?? []);
  const payFor = useSearchParams()[0].get('pay');
  const enrollments = useClassEnrollments().data ?? [];
  const paidInto = new Set(learning.data?.map((e) => e.programId) ?? []);
  // A seat held while a payment is open has no payment yet: it is listed on its own.
  const withoutPayment = enrollments.filter((e) => !paidInto.has(ownerOf(e) ?? ''));
  const institute = getConfig().institute;
  return (
    <section className={styles.payments} aria-labelledby="my-learning">
      <h2 id="my-learning">My learning</h2>
      <WaitlistPlaces />
      {learning.isPending ? <Spinner label="Loading your programs..." /> : null}
      {learning.isError ? <ErrorState>Your programs could not be loaded.</ErrorState> : null}
      {learning.data && learning.data.length === 0 && withoutPayment.length === 0 ? <EmptyState>You have not paid into a program yet. <Link to="/courses">Browse courses</Link></EmptyState> : null}
      {learning.data?.map((e) => (
        <article key={e.programId} className={styles.enrollment} aria-label={e.title}>
          <h3>{e.title}</h3>
          {enrollments.filter((c) => ownerOf(c) === e.programId).map((c) => (
            <div key={c.id}>
              <ClassEnrollmentLine enrollment={c} />
              <CertificateLink enrollmentId={c.id} title={c.title} />
            </div>
          ))}
          <p>
            Paid {formatMoney(e.paid)} of {formatMoney(e.price)}. {e.due > 0 ? <strong>Remaining: {formatMoney(e.due)}</strong> : <strong className={styles.ok}>Paid in full</strong>}
          </p>
          {scheduleOf.has(e.programId) && e.due > 0 ? <PaymentSchedule schedule={scheduleOf.get(e.programId)!} /> : null}
          {e.due > 0 ? <PlanPicker programId={e.programId} title={e.title} schedule={scheduleOf.get(e.programId)} /> : null}
          {e.due > 0 ? <PayBalance enrollment={e} initiallyOpen={payFor === e.programId} /> : null}
          {e.receipts.length > 0 ? (
            <ul className={styles.receipts}>
              {e.receipts.map((r) => (
                <li key={r.paymentId}>
                  <Link to={`/receipts/${r.paymentId}`}>Receipt {r.receiptNumber}</Link> · {formatMoney(r.amount)}
                  {r.refunded > 0 ? ` (refunded ${formatMoney(r.refunded)})` : ''}
                </li>
              ))}
            </ul>
          ) : null}
        </article>
      ))}
      {learning.data ? withoutPayment.map((c) => (
        <article key={c.id} className={styles.enrollment} aria-label={c.title}>
          <h3>{c.title}</h3>
          <ClassEnrollmentLine enrollment={c} />
          <CertificateLink enrollmentId={c.id} title={c.title} />
        </article>
      )) : null}
      {learning.data && learning.data.length > 0 ? (
        <p className={styles.note}>
          What happens next: your program coordinator contacts you by email at the address of your account about
          schedules and materials. Questions: {institute.email} or {institute.phone}.
        </p>
      ) : null}
    </section>
  );
}

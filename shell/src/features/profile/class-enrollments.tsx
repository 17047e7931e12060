import { useQuery } from '@tanstack/react-query';
import { ApiError, classEnrollmentsApi, classSessionKeys } from '@institute/shared/api';
import type { ClassEnrollment } from '@institute/shared/contract';
import { ENROLLMENT_STATUS_LABEL, formatDateRange, formatMoney, sessionPlace } from '@institute/shared/rules';
import styles from './profile.module.css';

const isEnrollment = (value: unknown): value is ClassEnrollment =>
  Boolean(value) && typeof (value as ClassEnrollment).id === 'string' && typeof (value as ClassEnrollment).status === 'string';

/** The student's class enrollments (issue 29); none where the API has no enrollment records yet (404). */
export function useClassEnrollments() {
  return useQuery({
    queryKey: classSessionKeys.myEnrollments,
    queryFn: async (): Promise<ClassEnrollment[]> => {
      try {
        const list: unknown = await classEnrollmentsApi.mine();
        return Array.isArray(list) ? list.filter(isEnrollment) : [];
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return [];
        throw error;
      }
    },
  });
}

/** The course or program an enrollment is in. */
export const ownerOf = (e: ClassEnrollment) => e.session?.courseId ?? e.session?.programId ?? null;

/** One enrollment: its status, its session (dates, schedule, place) and what is still due. */
export function ClassEnrollmentLine({ enrollment: e }: { enrollment: ClassEnrollment }) {
  const session = e.session;
  return (
    <dl className={styles.classEnrollment} aria-label={`Enrollment in ${e.title}`}>
      <div><dt>Status</dt><dd>{ENROLLMENT_STATUS_LABEL[e.status] ?? e.status}</dd></div>
      {session ? (
        <div>
          <dt>Session</dt>
          <dd>{formatDateRange(session.startsOn, session.endsOn)}, {session.schedule}, {sessionPlace(session)}</dd>
        </div>
      ) : null}
      <div><dt>Balance due</dt><dd>{e.balanceDue > 0 ? formatMoney(e.balanceDue) : 'Nothing'}</dd></div>
    </dl>
  );
}

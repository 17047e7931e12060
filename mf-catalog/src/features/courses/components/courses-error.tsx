import { ErrorState } from '@institute/shared/ui';

/** The spec's course list failure text, whatever the underlying cause (HTTP status or network). */
export const COURSES_ERROR = 'Failed to fetch courses.';

export function CoursesError({ onRetry }: { onRetry?: () => void }) {
  return <ErrorState onRetry={onRetry}>Error: {COURSES_ERROR}</ErrorState>;
}

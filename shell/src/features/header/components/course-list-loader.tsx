import { useEffect } from 'react';
import { useCourses } from '@institute/shared/api';
import type { Course } from '@institute/shared/contract';
import { WithQueries } from '../../../lib/queries/with-queries';

function Loader({ onLoad }: { onLoad(courses: Course[]): void }) {
  const { data, error } = useCourses();
  useEffect(() => {
    if (data) onLoad(data);
  }, [data, onLoad]);
  // The spec: load errors for this search are only logged, never shown.
  useEffect(() => {
    if (error) console.error('[header search] Could not load courses:', error);
  }, [error]);
  return null;
}

/** Reads the cached course list for the header search, and hands it up; renders nothing. */
export default function CourseListLoader({ onLoad }: { onLoad(courses: Course[]): void }) {
  return (
    <WithQueries>
      <Loader onLoad={onLoad} />
    </WithQueries>
  );
}

import { useEffect } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { courseSearchQuery } from '@institute/shared/api';
import type { CourseCard } from '@institute/shared/contract';
import { WithQueries } from '../../../lib/queries/with-queries';

/** What the server answered, and for which typed text (lower case), so older answers are never taken for newer. */
export interface SearchAnswer {
  prefix: string;
  courses: CourseCard[];
}

interface Props {
  prefix: string;
  onAnswer(answer: SearchAnswer): void;
}

function Search({ prefix, onAnswer }: Props) {
  // A new prefix cancels the request of the one before (the query's signal), and the previous answer stays on
  // screen until the new one arrives, so the list does not blink while typing.
  const { data, error, isPlaceholderData } = useQuery({ ...courseSearchQuery(prefix), enabled: prefix !== '', placeholderData: keepPreviousData });
  useEffect(() => {
    if (data && !isPlaceholderData) onAnswer({ prefix: prefix.toLowerCase(), courses: data.items });
  }, [data, isPlaceholderData, prefix, onAnswer]);
  // The spec: load errors for this search are only logged, never shown.
  useEffect(() => {
    if (error) console.error('[header search] Could not load courses:', error);
  }, [error]);
  return null;
}

/** Asks the server for the courses whose title starts with the typed text, and hands the answer up; renders nothing. */
export default function CourseSearchLoader(props: Props) {
  return (
    <WithQueries>
      <Search {...props} />
    </WithQueries>
  );
}

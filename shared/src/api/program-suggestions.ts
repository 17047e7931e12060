import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { coursesApi, quickProgramsApi } from './endpoints';

/** Suggestions of each kind a Program picker shows for what is typed. */
export const SUGGESTIONS_PER_KIND = 6;

export interface ProgramSuggestion {
  id: string;
  title: string;
  kind: 'Course' | 'Quick program';
}

/**
 * Courses and quick programs whose title or category holds every typed word, as the server finds them: a few cards
 * of each kind by name, never the whole catalog. The previous answer stays while the next one is asked for.
 */
export function useProgramSuggestions(words: string) {
  return useQuery({
    queryKey: ['program-suggestions', words.toLowerCase()],
    queryFn: async ({ signal }): Promise<ProgramSuggestion[]> => {
      const params = { q: words, sort: 'name' as const, limit: SUGGESTIONS_PER_KIND };
      const [courses, programs] = await Promise.all([coursesApi.cards(params, signal), quickProgramsApi.cards(params, signal)]);
      return [
        ...courses.items.map((item) => ({ id: item._id, title: item.title, kind: 'Course' as const })),
        ...programs.items.map((item) => ({ id: item._id, title: item.title, kind: 'Quick program' as const })),
      ];
    },
    enabled: words !== '',
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

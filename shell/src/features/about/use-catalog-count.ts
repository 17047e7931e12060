import { useEffect, useState } from 'react';
import { catalogSummaryApi } from '@institute/shared/api';

export type CatalogCount = { state: 'loading' } | { state: 'known'; value: number } | { state: 'unknown' };

/**
 * How many courses and quick programs the catalog holds, asked of the API after the page shows: the About page is
 * prerendered when the site is published, so a number written into its HTML would be wrong after the next edit.
 */
export function useCatalogCount(): CatalogCount {
  const [count, setCount] = useState<CatalogCount>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    catalogSummaryApi.get(controller.signal).then(
      ({ courses, quickPrograms }) => setCount({ state: 'known', value: courses + quickPrograms }),
      () => {
        if (!controller.signal.aborted) setCount({ state: 'unknown' });
      },
    );
    return () => controller.abort();
  }, []);
  return count;
}

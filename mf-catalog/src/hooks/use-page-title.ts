import { useEffect } from 'react';
import { getConfig } from '@institute/shared/config';

/**
 * The tab title names the course or program once it is known, as the server-rendered HTML already did (decision
 * 021): the shell's route title ("Course") would otherwise replace it when the page's code takes over.
 */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    if (title) document.title = `${title} | ${getConfig().institute.name}`;
  }, [title]);
}

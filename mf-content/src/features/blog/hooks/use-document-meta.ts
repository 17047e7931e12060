import { useEffect } from 'react';
import { getConfig } from '@institute/shared/config';

/**
 * Sets the tab title ("{post} | {institute}", as the server's first HTML has it) and the description that search
 * engines and link previews read, and restores both when the page goes away so the next route does not inherit
 * this post's text.
 */
export function useDocumentMeta(title: string | undefined, description: string | undefined) {
  useEffect(() => {
    if (!title) return undefined;
    const previousTitle = document.title;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !meta;
    const previousDescription = meta?.content ?? '';
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    document.title = `${title} | ${getConfig().institute.name}`;
    meta.content = description ?? '';
    return () => {
      document.title = previousTitle;
      if (created) meta.remove();
      else meta.content = previousDescription;
    };
  }, [title, description]);
}

import { useEffect } from 'react';

/** Sets the document title after render (the original set it during render). */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}

import { useEffect } from 'react';

/**
 * Sets the document title while the calling page is shown (WCAG 2.4.2 Page Titled), by updating the
 * one `<title>` that index.html already has. A React 19 `<title>` element would be hoisted into `<head>`
 * as a second `<title>` beside the shell's (React never adopts an existing one), which is invalid HTML.
 */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

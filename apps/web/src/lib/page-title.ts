import { PAGE_TITLES, WEB_ROUTES, type WebRoute } from '@fineprint/contracts';
import { useEffect } from 'react';

/** The title of a path: its screen's, or the error page's for anything else. */
export function pageTitleOf(pathname: string): string {
  const path = pathname.replace(/(.)\/+$/, '$1');
  return (WEB_ROUTES as readonly string[]).includes(path) ? PAGE_TITLES[path as WebRoute] : PAGE_TITLES.notFound;
}

/** Keeps document.title on the current screen's title while the app navigates (the server writes the first one). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

import { useEffect, useSyncExternalStore } from 'react';
import { useServices } from './services';

/** Set the header title (and the document title) while this page is shown. */
export function usePageTitle(title: string): void {
  const { titles } = useServices();
  useEffect(() => {
    titles.set(title);
  }, [titles, title]);
}

export function useTitle(): string {
  const { titles } = useServices();
  return useSyncExternalStore(titles.subscribe, titles.get, titles.get);
}

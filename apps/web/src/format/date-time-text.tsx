// A moment as the user's language writes it (its date and time) in a <time> element that carries
// it whole; a moment not there reads as `empty` (a dash unless told).
import type { ReactNode } from 'react';
import { useFormatters } from './use-formatters';

export function DateTimeText({
  iso,
  empty = '—',
}: {
  iso: string | null | undefined;
  empty?: ReactNode;
}) {
  const format = useFormatters();
  return iso ? <time dateTime={iso}>{format.dateTime(iso)}</time> : empty;
}

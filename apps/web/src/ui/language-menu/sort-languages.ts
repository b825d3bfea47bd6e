import { LANGUAGE_LABELS, type Language } from '@vfm/contract/constants';

/** SPEC §2: the languages sorted alphabetically by their label. */
export function sortLanguages(languages: readonly Language[]): Language[] {
  return [...languages].sort((a, b) => LANGUAGE_LABELS[a].localeCompare(LANGUAGE_LABELS[b], 'en'));
}

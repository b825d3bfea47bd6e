// A bike column is defined once (ADR 0111): its cell and header here, its sort in the contract;
// a list that wrote its own header (or cell) for one of them again would drift from the others.
import { describe, expect, it } from 'vitest';
import { FLEET_LIST_COLUMNS } from '@vfm/contract';
import { BIKE_LIST_CELLS, BIKE_LIST_COLUMNS } from './list-columns';

type Messages = { list?: { columns?: Record<string, string> } };

// bike/i18n's files are ./i18n/<lang>.json here; every other folder's ../<folder>/i18n/…
const files = import.meta.glob<Messages>(['../features/*/i18n/*.json', '../*/i18n/*.json'], {
  eager: true,
  import: 'default',
});
const bikeFiles = Object.entries(files).filter(([file]) => file.startsWith('./'));

describe('the bike columns of a list', () => {
  it('are the contract’s list columns, in its order, each with its cell', () => {
    expect(BIKE_LIST_COLUMNS).toEqual(Object.keys(FLEET_LIST_COLUMNS));
    expect(Object.keys(BIKE_LIST_CELLS).sort()).toEqual([...BIKE_LIST_COLUMNS].sort());
  });

  it('have their header in every language of bike/i18n', () => {
    expect(bikeFiles).toHaveLength(11);
    for (const [file, messages] of bikeFiles) {
      expect(Object.keys(messages.list?.columns ?? {}).sort(), file).toEqual(
        [...BIKE_LIST_COLUMNS].sort(),
      );
    }
  });

  it('are not defined again by a list: no other list.columns names one of them', () => {
    for (const [file, messages] of Object.entries(files)) {
      if (file.startsWith('./')) continue;
      const again = Object.keys(messages.list?.columns ?? {}).filter(
        (id) => id in FLEET_LIST_COLUMNS,
      );
      expect(again, file).toEqual([]);
    }
  });
});

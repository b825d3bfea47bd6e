import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { FilterChips } from './filter-chips';

describe('FilterChips (SPEC §2)', () => {
  const items = [{ label: 'Available' }, { label: 'Moving' }];

  it('shows the title, removable items and a clear-all chip', () => {
    const onRemove = vi.fn();
    const onClear = vi.fn();
    renderWithProviders(
      <FilterChips
        title="Filters"
        items={items}
        clearItems="Clear all"
        onRemove={onRemove}
        onClear={onClear}
      />,
    );
    expect(screen.getByRole('group', { name: 'Filters' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Remove the filter Moving' }));
    expect(onRemove).toHaveBeenCalledWith(items[1], 1);
    fireEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(onClear).toHaveBeenCalledTimes(1);
  });

  it('hides the clear-all chip when there is nothing to clear', () => {
    renderWithProviders(
      <FilterChips
        title="Filters"
        items={[]}
        clearItems="Clear all"
        onRemove={vi.fn()}
        onClear={vi.fn()}
      />,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { Tabs, type TabItem } from './tabs';

const tabs: TabItem[] = [
  { id: 'theft', title: 'Thefts', active: true, badge: true, badgeValue: 12 },
  { id: 'battery', title: 'Batteries', badge: true },
  { id: 'off', title: 'Disabled', disabled: true },
  { id: 'comm', title: 'Silent', imageBadgeUrl: 'data:image/png;base64,AA==' },
];

describe('Tabs (SPEC §2)', () => {
  it('shows titles, badges, the active and the disabled state', () => {
    renderWithProviders(<Tabs tabs={tabs} label="Warnings" />);
    const [theft, battery, off] = screen.getAllByRole('tab');
    expect(theft).toHaveAttribute('aria-selected', 'true');
    expect(theft).toHaveTextContent('Thefts12');
    expect(screen.getByText('12')).toHaveClass('wide');
    expect(battery).toContainElement(screen.getByRole('img', { name: 'New' }));
    expect(off).toBeDisabled();
    expect(screen.getByRole('tablist', { name: 'Warnings' })).toBeInTheDocument();
  });

  it('selects on click and skips disabled tabs with the arrow keys', () => {
    const onSelect = vi.fn();
    renderWithProviders(<Tabs tabs={tabs} label="Warnings" onSelect={onSelect} />);
    const all = screen.getAllByRole('tab');
    fireEvent.click(all[1]!);
    expect(onSelect).toHaveBeenLastCalledWith(tabs[1]);
    fireEvent.click(all[2]!);
    expect(onSelect).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(all[1]!, { key: 'ArrowRight' });
    expect(onSelect).toHaveBeenLastCalledWith(tabs[3]);
    expect(all[3]).toHaveFocus();
    fireEvent.keyDown(all[3]!, { key: 'Home' });
    expect(all[0]).toHaveFocus();
    // only the active tab is in the tab order
    expect(all.map((t) => t.tabIndex)).toEqual([0, -1, -1, -1]);
  });

  it('renders a tab with a url as a link', () => {
    renderWithProviders(
      <MemoryRouter>
        <Tabs
          tabs={[{ id: 'a', title: 'Overview', url: '/fleet/product/X1', active: true }]}
          label="Bike"
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute(
      'href',
      '/fleet/product/X1',
    );
  });

  it('fades only the edges that hide tabs, as the row scrolls', () => {
    renderWithProviders(<Tabs tabs={tabs} label="Warnings" />);
    const row = screen.getByRole('tablist');
    // a row that fits: no fade
    expect(row).not.toHaveAttribute('data-more-after');
    expect(row).not.toHaveAttribute('data-more-before');
    // a phone: 300 px of a 500 px row
    Object.defineProperty(row, 'clientWidth', { value: 300, configurable: true });
    Object.defineProperty(row, 'scrollWidth', { value: 500, configurable: true });
    fireEvent.scroll(row);
    expect(row).toHaveAttribute('data-more-after');
    expect(row).not.toHaveAttribute('data-more-before');
    row.scrollLeft = 100;
    fireEvent.scroll(row);
    expect(row).toHaveAttribute('data-more-after');
    expect(row).toHaveAttribute('data-more-before');
    row.scrollLeft = 200;
    fireEvent.scroll(row);
    expect(row).not.toHaveAttribute('data-more-after');
    expect(row).toHaveAttribute('data-more-before');
  });
});

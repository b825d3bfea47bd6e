import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { Badge } from './badge';

describe('Badge (SPEC §2)', () => {
  it('is a red dot when empty', () => {
    const { container } = renderWithProviders(<Badge />);
    const dot = screen.getByRole('img', { name: 'New' });
    expect(dot).toHaveClass('dot');
    expect(dot).toBeEmptyDOMElement();
    expect(container.textContent).toBe('');
  });

  it('shows the number otherwise, narrow up to 9', () => {
    renderWithProviders(<Badge value={9} />);
    expect(screen.getByText('9')).toHaveClass('count');
    expect(screen.getByText('9')).not.toHaveClass('wide');
  });

  it('is wider when the value exceeds 9', () => {
    renderWithProviders(<Badge value={10} label="Warnings" />);
    expect(screen.getByText('10')).toHaveClass('wide');
    expect(screen.getByLabelText('Warnings: 10')).toBeInTheDocument();
  });

  it('shows zero as a number, not as a dot', () => {
    renderWithProviders(<Badge value={0} />);
    expect(screen.getByText('0')).toHaveClass('count');
  });
});

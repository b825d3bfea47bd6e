import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, initialOf } from './avatar';

describe('Avatar (SPEC §2 profile menu)', () => {
  it('takes the first letter of the full name in capitals', () => {
    expect(initialOf('élodie martin')).toBe('É');
    expect(initialOf('  zoé')).toBe('Z');
    expect(initialOf('')).toBe('?');
  });

  it('shows the photo when there is one', () => {
    const { container } = render(<Avatar photo="data:image/png;base64,AA==" fullName="Ann" />);
    expect(container.querySelector('img')).toHaveAttribute('src', 'data:image/png;base64,AA==');
  });

  it('shows the initial otherwise', () => {
    const { container } = render(<Avatar fullName="manager" />);
    expect(container.textContent).toBe('M');
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from './app';

describe('App', () => {
  it('shows the application version', () => {
    render(<App />);
    expect(screen.getByText(/2\.17\.0-rc\.1/)).toBeInTheDocument();
  });
});

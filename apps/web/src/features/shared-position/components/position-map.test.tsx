import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PositionMap, project, streetPaths } from './position-map';

describe('the shared position map', () => {
  it('projects east and south to growing pixels (Web Mercator)', () => {
    const [x0, y0] = project(4.83, 45.76);
    const [x1, y1] = project(4.84, 45.75);
    expect(x1).toBeGreaterThan(x0);
    expect(y1).toBeGreaterThan(y0);
  });

  it('draws the streets near the bike and leaves out those far away', () => {
    const near: Array<[number, number]> = [
      [4.829, 45.76],
      [4.831, 45.76],
    ];
    const far: Array<[number, number]> = [
      [5.5, 46.5],
      [5.6, 46.6],
    ];
    const paths = streetPaths([near, far], [4.83, 45.76]);
    expect(paths).toHaveLength(1);
    // a horizontal street through the centre of a 640 × 400 view
    expect(paths[0]).toMatch(/^M\d+(\.\d)? 200\.0L\d+(\.\d)? 200\.0$/);
  });

  it('names what it shows for screen readers and marks the bike in the middle', () => {
    render(<PositionMap longitude={4.83} latitude={45.76} streets={[]} label="Map: Bike A" />);
    expect(screen.getByRole('img', { name: 'Map: Bike A' })).toBeInTheDocument();
    const bike = screen.getByTestId('shared-bike');
    expect([bike.getAttribute('cx'), bike.getAttribute('cy')]).toEqual(['320', '200']);
  });
});

import { describe, expect, it } from 'vitest';
import { centredSquare, isAcceptedPicture } from './photo';

describe('profile photo', () => {
  it('accepts PNG, JPEG and WebP pictures only', () => {
    expect(isAcceptedPicture({ type: 'image/png' })).toBe(true);
    expect(isAcceptedPicture({ type: 'image/jpeg' })).toBe(true);
    expect(isAcceptedPicture({ type: 'image/webp' })).toBe(true);
    expect(isAcceptedPicture({ type: 'image/gif' })).toBe(false);
    expect(isAcceptedPicture({ type: 'application/pdf' })).toBe(false);
  });

  it('crops the centred square', () => {
    expect(centredSquare(400, 200)).toEqual({ x: 100, y: 0, side: 200 });
    expect(centredSquare(300, 500)).toEqual({ x: 0, y: 100, side: 300 });
  });
});

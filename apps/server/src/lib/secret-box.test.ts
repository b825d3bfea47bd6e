import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box';

const material = 'a-key-of-at-least-thirty-two-characters!';

describe('SecretBox', () => {
  it('opens what it sealed, and the sealed text does not contain the secret', () => {
    const box = new SecretBox(material, 'webhooks');
    const sealed = box.seal('whsec_c2VjcmV0', 'row-1');
    expect(sealed).not.toContain('c2VjcmV0');
    expect(sealed).not.toBe(box.seal('whsec_c2VjcmV0', 'row-1'));
    expect(box.open(sealed, 'row-1')).toBe('whsec_c2VjcmV0');
  });

  it('refuses another row, another key, another purpose and a changed byte', () => {
    const box = new SecretBox(material, 'webhooks');
    const sealed = box.seal('whsec_c2VjcmV0', 'row-1');
    expect(() => box.open(sealed, 'row-2')).toThrow();
    expect(() => new SecretBox(`${material}x`, 'webhooks').open(sealed, 'row-1')).toThrow();
    expect(() => new SecretBox(material, 'other').open(sealed, 'row-1')).toThrow();
    const parts = sealed.split('.');
    parts[3] =
      `A${parts[3]!.slice(1)}` === parts[3] ? `B${parts[3]!.slice(1)}` : `A${parts[3]!.slice(1)}`;
    expect(() => box.open(parts.join('.'), 'row-1')).toThrow();
    expect(() => box.open('plain', 'row-1')).toThrow(/format/);
  });
});

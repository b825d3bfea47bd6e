import { describe, expect, it } from 'vitest';
import { createShortcutReader, isTyping, SEQUENCE_MS } from './shortcut-keys';

const body = () => document.body;
const element = (html: string) => {
  const host = document.createElement('div');
  host.innerHTML = html;
  document.body.append(host);
  return host.firstElementChild as HTMLElement;
};

describe('shortcut keys', () => {
  it('reads the single keys', () => {
    const reader = createShortcutReader();
    const read = (key: string) => reader.read({ key, target: body(), at: 0 });
    expect(read('/')).toEqual({ kind: 'search' });
    expect(read('?')).toEqual({ kind: 'help' });
    expect(read('j')).toEqual({ kind: 'move', by: 1 });
    expect(read('k')).toEqual({ kind: 'move', by: -1 });
    expect(read('Enter')).toEqual({ kind: 'open' });
    expect(read('Escape')).toEqual({ kind: 'escape' });
    expect(read('x')).toBeNull();
  });

  it('reads "g" then a letter as a place to go, within the sequence time only', () => {
    const reader = createShortcutReader();
    const press = (key: string, at: number) => reader.read({ key, target: body(), at });
    expect(press('g', 0)).toBeNull();
    expect(press('f', 100)).toEqual({ kind: 'go', to: '/fleet' });
    press('g', 1000);
    expect(press('w', 1200)).toEqual({ kind: 'go', to: '/warnings' });
    press('g', 2000);
    expect(press('s', 2100)).toEqual({ kind: 'go', to: '/statistics' });
    press('g', 3000);
    expect(press('a', 3100)).toEqual({ kind: 'go', to: '/administration' });
    // too late: "f" alone means nothing
    press('g', 5000);
    expect(press('f', 5000 + SEQUENCE_MS + 1)).toBeNull();
    // "g" then another key: that key for itself
    press('g', 9000);
    expect(press('j', 9100)).toEqual({ kind: 'move', by: 1 });
  });

  it('keeps a quick "g" then letter that a busy page read seconds apart', () => {
    const reader = createShortcutReader();
    const target = body();
    // typed 200 ms apart, read 3 s apart (a long task between them)
    reader.read({ key: 'g', target, at: 10_000, sentAt: 500 });
    expect(reader.read({ key: 'a', target, at: 13_000, sentAt: 700 })).toEqual({
      kind: 'go',
      to: '/administration',
    });
    // typed 3 s apart, read at once (both waited behind a long task)
    reader.read({ key: 'g', target, at: 20_000, sentAt: 1000 });
    expect(reader.read({ key: 'w', target, at: 20_010, sentAt: 4000 })).toEqual({
      kind: 'go',
      to: '/warnings',
    });
    // late on both clocks: nothing
    reader.read({ key: 'g', target, at: 30_000, sentAt: 9000 });
    expect(reader.read({ key: 'f', target, at: 33_000, sentAt: 12_000 })).toBeNull();
  });

  it('does nothing while the user types in a field, or with a modifier', () => {
    const reader = createShortcutReader();
    for (const html of [
      '<input type="text">',
      '<input type="search">',
      '<input>',
      '<textarea></textarea>',
      '<select><option>a</option></select>',
      '<div contenteditable="true">x</div>',
    ]) {
      const target = element(html);
      expect(isTyping(target), html).toBe(true);
      for (const key of ['/', 'j', 'g', '?', 'Escape']) {
        expect(reader.read({ key, target, at: 0 }), `${key} in ${html}`).toBeNull();
      }
    }
    expect(isTyping(element('<input type="checkbox">'))).toBe(false);
    expect(reader.read({ key: 'j', target: body(), ctrlKey: true, at: 0 })).toBeNull();
    expect(reader.read({ key: '/', target: body(), metaKey: true, at: 0 })).toBeNull();
  });

  it('leaves Enter to a focused link or button', () => {
    const reader = createShortcutReader();
    expect(reader.read({ key: 'Enter', target: element('<button>b</button>'), at: 0 })).toBeNull();
    expect(reader.read({ key: 'Enter', target: element('<a href="/x">a</a>'), at: 0 })).toBeNull();
  });
});

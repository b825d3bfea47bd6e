import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearCurrent, moveInList, openCurrent } from './list-navigation';

const current = (root: ParentNode) =>
  root.querySelector('[data-keyboard-current]')?.textContent?.trim();

function virtualTable() {
  const root = document.createElement('main');
  root.innerHTML = `
    <div role="table">
      <div role="rowgroup"><div role="row" aria-rowindex="1"><div role="columnheader">VN</div></div></div>
      <div role="rowgroup">
        <div role="row" aria-rowindex="2"><div role="cell"><a href="/fr/fleet/product/A">A</a></div></div>
        <div role="row" aria-rowindex="3"><div role="cell"><a href="/fr/fleet/product/B">B</a></div></div>
        <div role="row" aria-rowindex="4"><div role="cell"><a href="/fr/fleet/product/C">C</a></div></div>
      </div>
    </div>`;
  document.body.append(root);
  return root;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('list navigation', () => {
  it('moves down and up the rows of the first table, never past its ends, header left out', () => {
    const root = virtualTable();
    expect(moveInList(root, 1)?.textContent).toBe('A');
    moveInList(root, 1);
    expect(current(root)).toBe('B');
    moveInList(root, 1);
    moveInList(root, 1);
    expect(current(root)).toBe('C');
    moveInList(root, -1);
    expect(current(root)).toBe('B');
    expect(root.querySelectorAll('[data-keyboard-current]')).toHaveLength(1);
  });

  it('starts from the last row with k', () => {
    const root = virtualTable();
    moveInList(root, -1);
    expect(current(root)).toBe('C');
  });

  it('opens the current row by its link, and forgets it on Esc', () => {
    const root = virtualTable();
    moveInList(root, 1);
    moveInList(root, 1);
    const link = root.querySelector<HTMLAnchorElement>('a[href$="/B"]')!;
    const clicked = vi.fn((event: Event) => event.preventDefault());
    link.addEventListener('click', clicked);
    expect(openCurrent(root)).toBe(true);
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(clearCurrent(root)).toBe(true);
    expect(current(root)).toBeUndefined();
    expect(openCurrent(root)).toBe(false);
  });

  it('works on a plain table and on a list marked data-keyboard-list; nothing without a list', () => {
    const root = document.createElement('main');
    root.innerHTML = `<table><thead><tr><th>x</th></tr></thead><tbody><tr><td><button>one</button></td></tr><tr><td><button>two</button></td></tr></tbody></table>`;
    document.body.append(root);
    moveInList(root, 1);
    moveInList(root, 1);
    expect(current(root)).toBe('two');
    const list = document.createElement('main');
    list.innerHTML = `<ul data-keyboard-list><li>a</li><li>b</li></ul>`;
    expect(moveInList(list, 1)?.textContent).toBe('a');
    expect(moveInList(document.createElement('main'), 1)).toBeNull();
  });
});

// j / k / Enter in the page's list (docs/manager-tools.md): the rows of the first list in the page — a
// table (virtual or not) or a list marked `data-keyboard-list` — one of them "current"
// (`data-keyboard-current`, outlined), scrolled into view; Enter follows the current row's first
// link (or presses its first button). A virtual table renders rows as they scroll into view, so
// the current row is found again by its aria-rowindex.

const CURRENT = 'data-keyboard-current';
const LISTS = '[role="table"], table, [data-keyboard-list]';

function rowsOf(list: Element): HTMLElement[] {
  if (list.matches('[data-keyboard-list]')) return [...list.children] as HTMLElement[];
  const rows =
    list.tagName === 'TABLE'
      ? [...list.querySelectorAll(':scope > tbody > tr')]
      : [...list.querySelectorAll('[role="rowgroup"] [role="row"]')].filter(
          (row) => !row.closest('[role="rowgroup"]')?.querySelector('[role="columnheader"]'),
        );
  return rows as HTMLElement[];
}

/** The list j/k move in: the one holding the current row, else the first one shown. */
function currentList(root: ParentNode): Element | null {
  const current = root.querySelector(`[${CURRENT}]`);
  const holder = current?.parentElement?.closest(LISTS);
  if (holder) return holder;
  return [...root.querySelectorAll(LISTS)].find((list) => rowsOf(list).length > 0) ?? null;
}

const position = (row: HTMLElement, rows: HTMLElement[]) =>
  Number(row.getAttribute('aria-rowindex') ?? rows.indexOf(row));

/** Moves the current row by one; answers the new current row. */
export function moveInList(root: ParentNode, by: 1 | -1): HTMLElement | null {
  const list = currentList(root);
  if (!list) return null;
  const rows = rowsOf(list);
  if (!rows.length) return null;
  const current = rows.find((row) => row.hasAttribute(CURRENT));
  let next: HTMLElement | undefined;
  if (!current) {
    next = by === 1 ? rows[0] : rows[rows.length - 1];
  } else {
    const wanted = position(current, rows) + by;
    next = rows.find((row) => position(row, rows) === wanted) ?? current;
  }
  if (!next) return null;
  current?.removeAttribute(CURRENT);
  next.setAttribute(CURRENT, '');
  next.scrollIntoView?.({ block: 'nearest' });
  return next;
}

/** Opens the current row: its first link, else its first button. */
export function openCurrent(root: ParentNode): boolean {
  const row = root.querySelector<HTMLElement>(`[${CURRENT}]`);
  const target = row?.querySelector<HTMLElement>('a[href]') ?? row?.querySelector('button');
  if (!target) return false;
  target.click();
  return true;
}

/** Forgets the current row (Esc). */
export function clearCurrent(root: ParentNode): boolean {
  const row = root.querySelector(`[${CURRENT}]`);
  row?.removeAttribute(CURRENT);
  return !!row;
}

// The keyboard shortcuts of the signed-in app (docs/manager-tools.md) as plain logic: which key (or
// "g" then a letter) does what, and never while the user types in a field. The hook
// (use-shortcuts.ts) feeds it the document's key presses; the help lists SHORTCUTS.

export type ShortcutAction =
  | { kind: 'search' }
  | { kind: 'go'; to: '/fleet' | '/warnings' | '/statistics' | '/administration' }
  | { kind: 'move'; by: 1 | -1 }
  | { kind: 'open' }
  | { kind: 'escape' }
  | { kind: 'help' };

/** What the help shows: the keys, and the key of its description (shortcuts.keys.*). */
export const SHORTCUTS = [
  { keys: ['/'], id: 'search' },
  { keys: ['g', 'f'], id: 'fleet' },
  { keys: ['g', 'w'], id: 'warnings' },
  { keys: ['g', 's'], id: 'statistics' },
  { keys: ['g', 'a'], id: 'administration' },
  { keys: ['j'], id: 'next' },
  { keys: ['k'], id: 'previous' },
  { keys: ['Enter'], id: 'open' },
  { keys: ['Esc'], id: 'escape' },
  { keys: ['?'], id: 'help' },
] as const;

const GO: Record<string, Extract<ShortcutAction, { kind: 'go' }>['to']> = {
  f: '/fleet',
  w: '/warnings',
  s: '/statistics',
  a: '/administration',
};

/** how long "g" waits for its letter */
export const SEQUENCE_MS = 1500;

export interface KeyPress {
  key: string;
  target: EventTarget | null;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  /** ms, for the "g" sequence: when the press is read */
  at: number;
  /**
   * ms, when the browser received the press (the event's timeStamp). A busy page (a map drawn
   * without a GPU) may read two quick presses seconds apart, or two presses that waited
   * together at once: the sequence holds when either clock says the letter came in time.
   */
  sentAt?: number;
}

/** The user is typing: a text field, a select, an editable element. */
export function isTyping(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  if (element.isContentEditable) return true;
  if (element.closest('select, textarea, [contenteditable=""], [contenteditable="true"]'))
    return true;
  const input = element.closest('input');
  if (!input) return false;
  // checkboxes, radios, buttons and ranges take no text
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(
    input.type,
  );
}

/** Enter on a link, a button or a field does what it does there: the list does not open. */
const isInteractive = (target: EventTarget | null) =>
  !!target &&
  typeof (target as Element).closest === 'function' &&
  !!(target as Element).closest('a[href], button, input, select, textarea, [role="button"]');

/** A reader of key presses; `read` answers the action of a press, or null. */
export function createShortcutReader() {
  let pendingG: { at: number; sentAt?: number } | null = null;
  return {
    read(press: KeyPress): ShortcutAction | null {
      if (press.ctrlKey || press.metaKey || press.altKey) return null;
      if (isTyping(press.target)) return null;
      const { key } = press;
      if (pendingG !== null) {
        const fresh =
          press.at - pendingG.at <= SEQUENCE_MS ||
          (press.sentAt !== undefined &&
            pendingG.sentAt !== undefined &&
            press.sentAt - pendingG.sentAt <= SEQUENCE_MS);
        pendingG = null;
        if (fresh && GO[key]) return { kind: 'go', to: GO[key] };
      }
      switch (key) {
        case 'g':
          pendingG = { at: press.at, sentAt: press.sentAt };
          return null;
        case '/':
          return { kind: 'search' };
        case '?':
          return { kind: 'help' };
        case 'j':
          return { kind: 'move', by: 1 };
        case 'k':
          return { kind: 'move', by: -1 };
        case 'Enter':
          return isInteractive(press.target) ? null : { kind: 'open' };
        case 'Escape':
          return { kind: 'escape' };
        default:
          return null;
      }
    },
  };
}

// Listens to the document's key presses for the shortcuts (docs/manager-tools.md) while the signed-in
// shell is shown: "/" focuses the bike search, "g f/w/s/a" go to fleet, warnings, statistics,
// administration (administrators), j/k move in the page's list and Enter opens the row, Esc
// forgets the row and empties the page's selection (an open dialog closes itself), "?" opens
// the help. Nothing happens while the user types in a field or a dialog is open.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { CLEAR_SELECTION_EVENT } from '../bike/use-bike-selection';
import { clearCurrent, moveInList, openCurrent } from './list-navigation';
import { createShortcutReader } from './shortcut-keys';

const SEARCH_INPUT = '[role="search"] input';

export function useShortcuts({ isAdmin }: { isAdmin: boolean }) {
  const navigate = useNavigate();
  const [helpOpen, setHelpOpen] = useState(false);
  // read at the key press, not at subscription: the listener (and the "g" it may be waiting
  // a letter for) outlives the renders. Re-subscribing on a new isAdmin or navigate lost a "g"
  // typed just before (the administrator's session settling after sign-in: "g a" did nothing).
  const latest = useRef({ navigate, isAdmin });
  useEffect(() => {
    latest.current = { navigate, isAdmin };
  });

  useEffect(() => {
    const reader = createShortcutReader();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const action = reader.read({
        key: event.key,
        target: event.target,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        at: Date.now(),
        sentAt: event.timeStamp,
      });
      if (!action) return;
      // a dialog (the help included) keeps its keys; Esc closes it by itself
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      const main = document.getElementById('main') ?? document;
      switch (action.kind) {
        case 'search': {
          const input = document.querySelector<HTMLInputElement>(SEARCH_INPUT);
          if (!input) return;
          event.preventDefault();
          input.focus();
          return;
        }
        case 'go':
          if (action.to === '/administration' && !latest.current.isAdmin) return;
          event.preventDefault();
          void latest.current.navigate(action.to);
          return;
        case 'move':
          if (moveInList(main, action.by)) event.preventDefault();
          return;
        case 'open':
          if (openCurrent(main)) event.preventDefault();
          return;
        case 'escape':
          clearCurrent(main);
          window.dispatchEvent(new Event(CLEAR_SELECTION_EVENT));
          return;
        case 'help':
          event.preventDefault();
          setHelpOpen(true);
          return;
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return { helpOpen, setHelpOpen };
}

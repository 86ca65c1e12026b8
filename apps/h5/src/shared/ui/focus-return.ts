import { useEffect } from 'react';

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

const IN_DIALOG = '[role="dialog"]';

/** The last element focused outside any dialog: the opener, even when the dialog took the focus first. */
let lastOutsideDialog: Element | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (event) => {
      if (event.target instanceof Element && !event.target.closest(IN_DIALOG))
        lastOutsideDialog = event.target;
    },
    true,
  );
}

function opener(): Element | null {
  const active = document.activeElement;
  return active && active !== document.body && !active.closest(IN_DIALOG) ? active : lastOutsideDialog;
}

function restore(element: Element | null) {
  if (element instanceof HTMLElement && element.isConnected) element.focus({ preventScroll: true });
}

/**
 * Runs an imperative dialog (Dialog.confirm…): the keyboard focus moves into it when it opens and
 * goes back to where it was (usually the button that opened it) when it closes.
 */
export async function withFocusReturn<T>(open: () => Promise<T>): Promise<T> {
  const before = opener();
  const known = new Set(document.querySelectorAll('[role="dialog"]'));
  const result = open();
  // The dialog mounts a moment later: look for it for up to about half a second, and no longer
  // once it has been answered.
  let tries = 0;
  let looking = 0;
  const focusInside = () => {
    const dialog = Array.from(document.querySelectorAll<HTMLElement>('[role="dialog"]')).find(
      (d) => !known.has(d),
    );
    const target = dialog?.querySelector<HTMLElement>(FOCUSABLE);
    if (target) target.focus({ preventScroll: true });
    else if (++tries < 20) looking = window.setTimeout(focusInside, 25);
  };
  looking = window.setTimeout(focusInside, 0);
  try {
    return await result;
  } finally {
    window.clearTimeout(looking);
    window.setTimeout(() => restore(before), 0);
  }
}

/** A declarative dialog or popup: the focus goes back to where it was when `visible` turns false. */
export function useFocusReturn(visible: boolean): void {
  useEffect(() => {
    if (!visible) return;
    const before = opener();
    return () => {
      window.setTimeout(() => restore(before), 0);
    };
  }, [visible]);
}

import { H5_FIRST_SCREEN_ATTRIBUTE } from '@kezhan/contract/browser';

/**
 * Where antd-mobile dialogs render: inside the page's <main> landmark, so their text is part of
 * a landmark for assistive technology (the body itself has none). Never inside the server's
 * drawing of the first screen (`#root[data-first-screen]`): it is inert, hidden from assistive
 * technology, and gives way to the app's own screen, taking a dialog in it along. Falls back to
 * the body.
 */
export function dialogContainer(): HTMLElement {
  for (const main of document.querySelectorAll<HTMLElement>('main'))
    if (!main.closest(`[${H5_FIRST_SCREEN_ATTRIBUTE}]`)) return main;
  return document.body;
}

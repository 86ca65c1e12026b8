/**
 * Where antd-mobile dialogs render: inside the page's <main> landmark, so their text is part of
 * a landmark for assistive technology (the body itself has none). Falls back to the body.
 */
export function dialogContainer(): HTMLElement {
  return document.querySelector<HTMLElement>('main') ?? document.body;
}

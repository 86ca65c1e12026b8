/**
 * How the visitor moves between controls: `keyboard` after Tab (or the arrow keys outside a
 * text field), `pointer` after a tap or a click, on `<html data-modality>`. A text field counts as
 * :focus-visible however it was focused, so app.css rings text fields only for keyboard users:
 * a tap into a field shows no outline, Tab into it does.
 */
const NAVIGATION_KEYS = new Set(['Tab', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']);

function isTextField(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || target.tagName === 'INPUT' || target.tagName === 'TEXTAREA')
  );
}

export function trackInputModality(root: HTMLElement = document.documentElement): () => void {
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Tab' || (NAVIGATION_KEYS.has(event.key) && !isTextField(event.target)))
      root.dataset.modality = 'keyboard';
  };
  const onPointer = () => {
    root.dataset.modality = 'pointer';
  };
  document.addEventListener('keydown', onKey, true);
  document.addEventListener('pointerdown', onPointer, true);
  return () => {
    document.removeEventListener('keydown', onKey, true);
    document.removeEventListener('pointerdown', onPointer, true);
  };
}

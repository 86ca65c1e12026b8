import { afterEach, describe, expect, it } from 'vitest';
import { trackInputModality } from './input-modality';

let stop = () => {};
afterEach(() => {
  stop();
  delete document.documentElement.dataset.modality;
});

describe('input modality', () => {
  it('is keyboard after Tab, pointer after a tap; typing in a field does not change it', () => {
    stop = trackInputModality();
    const field = document.createElement('input');
    document.body.append(field);
    field.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(document.documentElement.dataset.modality).toBe('pointer');
    field.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
    field.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }));
    expect(document.documentElement.dataset.modality).toBe('pointer');
    field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
    expect(document.documentElement.dataset.modality).toBe('keyboard');
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(document.documentElement.dataset.modality).toBe('pointer');
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    expect(document.documentElement.dataset.modality).toBe('keyboard');
    field.remove();
  });
});

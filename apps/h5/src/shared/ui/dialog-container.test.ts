import { afterEach, describe, expect, it } from 'vitest';
import { dialogContainer } from './dialog-container';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('dialogContainer', () => {
  it("is the app's <main>, never the main of the server's inert drawing of the first screen", () => {
    document.body.innerHTML =
      '<div id="root" data-first-screen inert aria-hidden="true"><main id="drawn"></main></div>';
    expect(dialogContainer()).toBe(document.body);
    document.body.insertAdjacentHTML('beforeend', '<div id="app"><main id="live"></main></div>');
    expect(dialogContainer().id).toBe('live');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addAppScriptLinks, APP_SCRIPT_LINKS_PER_TASK } from './app-scripts';

const preloads = () =>
  [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));

describe('adding the app scripts the server listed on a drawn page', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  it(`moves the links into the head ${APP_SCRIPT_LINKS_PER_TASK} per task, then resolves`, async () => {
    const files = ['start', 'react-dom', 'client', 'router', 'home', 'course-item'].map(
      (name) => `/assets/${name}-1.js`,
    );
    document.body.innerHTML =
      '<div id="root" data-first-screen></div><template id="kezhan-app-scripts">' +
      files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('') +
      '</template>';
    let done = false;
    const adding = addAppScriptLinks().then(() => {
      done = true;
    });

    expect(preloads()).toEqual(files.slice(0, APP_SCRIPT_LINKS_PER_TASK));
    expect(document.getElementById('kezhan-app-scripts')).toBeNull();
    await Promise.resolve();
    expect(done).toBe(false);
    expect(preloads()).toHaveLength(APP_SCRIPT_LINKS_PER_TASK);
    await vi.runAllTimersAsync();
    await adding;
    expect(preloads()).toEqual(files);
    expect(done).toBe(true);
    expect(document.head.querySelector('link')?.crossOrigin).toBe('');
  });

  it('adds nothing and resolves at once on a page without the list', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    await addAppScriptLinks();
    expect(preloads()).toEqual([]);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { H5_NOT_FOUND_MODULE, H5_PAGES } from '@kezhan/contract/browser';
import { pageModuleLoader } from './routes';

/** The page table names each page's module once; the router and the server's preloads both use it. */
describe('the page table', () => {
  it.each(H5_PAGES.map((entry) => [entry.path, entry.module]))('%s renders %s', async (_path, module) => {
    expect(fs.existsSync(path.join(__dirname, '..', '..', module))).toBe(true);
    const loaded = await pageModuleLoader(module)();
    expect(typeof loaded.default).toBe('function');
  });

  it('has one entry per address, and a page for every other address', () => {
    const paths = H5_PAGES.map((entry) => entry.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(() => pageModuleLoader(H5_NOT_FOUND_MODULE)).not.toThrow();
  });

  it('refuses a module that is not a page', () => {
    expect(() => pageModuleLoader('src/features/home/pages/nowhere.tsx')).toThrow(/not found/);
  });
});

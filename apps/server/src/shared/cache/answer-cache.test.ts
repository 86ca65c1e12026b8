import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache';

describe('AnswerCache', () => {
  it('answers from memory while fresh, loads again after freshMs or invalidate(), one load at a time', async () => {
    let clock = 0;
    let loads = 0;
    const cache = new AnswerCache(1000, () => clock);
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('navs:PC', load), cache.get('navs:PC', load)])).toEqual([1, 1]);
    clock = 999;
    expect(await cache.get('navs:PC', load)).toBe(1);
    expect(await cache.get('navs:H5', load)).toBe(2);
    clock = 1000;
    expect(await cache.get('navs:PC', load)).toBe(3);
    cache.invalidate();
    expect(await cache.get('navs:PC', load)).toBe(4);
    expect(await cache.get('navs:H5', load)).toBe(5);
  });

  it('keeps no failed load, and no more than a few dozen keys', async () => {
    const cache = new AnswerCache(1000, () => 0);
    await expect(cache.get('links', () => Promise.reject(new Error('database down')))).rejects.toThrow();
    expect(await cache.get('links', async () => 'loaded')).toBe('loaded');
    let loads = 0;
    for (let i = 0; i < 200; i += 1) await cache.get(`sliders:${i}`, async () => ++loads);
    // A client inventing platforms empties the cache now and then; it never holds them all.
    expect(await cache.get('sliders:0', async () => ++loads)).toBe(201);
  });
});

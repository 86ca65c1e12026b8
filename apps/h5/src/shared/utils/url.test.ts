import { describe, expect, it } from 'vitest';
import { removeTokenParams, safeRedirect } from './url';

describe('removeTokenParams', () => {
  it('removes token, login_code and action from the hash part', () => {
    expect(removeTokenParams('https://h5.example.com/#/member?login_code=abc&action=login&tab=1')).toBe(
      'https://h5.example.com/#/member?tab=1',
    );
    expect(removeTokenParams('https://h5.example.com/#/?token=xyz')).toBe('https://h5.example.com/#/');
  });

  it('removes them from a history-router query string too', () => {
    expect(removeTokenParams('https://h5.example.com/vod/detail?id=3&login_code=abc&action=login')).toBe(
      'https://h5.example.com/vod/detail?id=3',
    );
    expect(removeTokenParams('/member?token=t')).toBe('/member');
  });

  it('leaves other addresses untouched', () => {
    expect(removeTokenParams('https://h5.example.com/vod?page=2')).toBe('https://h5.example.com/vod?page=2');
    expect(removeTokenParams('https://h5.example.com/member')).toBe('https://h5.example.com/member');
  });
});

describe('safeRedirect', () => {
  it('accepts same-site paths', () => {
    expect(safeRedirect('/study?tab=course')).toBe('/study?tab=course');
  });

  it('rejects outside addresses', () => {
    expect(safeRedirect('https://evil.example.com', '/')).toBe('/');
    expect(safeRedirect('//evil.example.com', '/')).toBe('/');
    expect(safeRedirect(null, '/member')).toBe('/member');
  });
});

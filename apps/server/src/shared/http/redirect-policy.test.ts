import { describe, expect, it } from 'vitest';
import { readEnv } from '../../config/env';
import type { SettingsSnapshot } from '../settings/settings-service';
import { createRedirectPolicy, normaliseHost, siteRedirectPolicy, withQuery } from './redirect-policy';

const policy = createRedirectPolicy({
  siteUrls: ['https://H5.Example.com', 'https://api.example.com:8443/', 'not a url', ''],
  extraHosts: ['pc.example.com', 'https://Shop.Example.com', ' admin.example.com:9000 '],
  allowLoopback: false,
});

describe('redirect policy', () => {
  it('accepts our hosts whatever the case of the target or of the configured address', () => {
    expect(policy.check('https://h5.example.com/order/success?from=pay#top')).toBe(
      'https://h5.example.com/order/success?from=pay#top',
    );
    expect(policy.check('HTTPS://H5.EXAMPLE.COM/Member')).toBe('https://h5.example.com/Member');
    expect(policy.check('http://h5.example.com/')).toBe('http://h5.example.com/');
    expect(policy.check('https://api.example.com:8443/x')).toBe('https://api.example.com:8443/x');
    expect(policy.check('https://PC.example.com/a')).toBe('https://pc.example.com/a');
    expect(policy.check('https://shop.example.com/a')).toBe('https://shop.example.com/a');
    expect(policy.check('http://admin.example.com:9000/a')).toBe('http://admin.example.com:9000/a');
    // The default port is the same host.
    expect(policy.check('https://h5.example.com:443/a')).toBe('https://h5.example.com/a');
  });

  it.each([
    ['user-info before our host', 'https://h5.example.com@evil.example/'],
    ['user and password', 'https://h5.example.com:pw@evil.example/'],
    ['user-info on our own host', 'https://evil@h5.example.com/'],
    ['mixed-case user-info', 'https://EVIL@H5.Example.com/'],
    ['encoded @', 'https://h5.example.com%40evil.example/'],
    ['our host as a subdomain of theirs', 'https://h5.example.com.evil.example/'],
    ['a suffix of our host', 'https://evilh5.example.com/'],
    ['scheme-relative', '//evil.example/member'],
    ['scheme-relative to our host', '//h5.example.com/member'],
    ['backslashes', 'https:\\\\evil.example'],
    ['backslash then our host as a path', '/\\evil.example'],
    ['mixed slashes', 'https:/\\evil.example/'],
    ['a path only', '/member'],
    ['another port on our host', 'https://h5.example.com:8443/'],
    ['a port missing from an allowed host:port', 'https://api.example.com/x'],
    ['another port of an extra host', 'http://admin.example.com:9001/'],
    ['javascript', 'javascript:alert(1)//h5.example.com'],
    ['data', 'data:text/html,<script>alert(1)</script>'],
    ['ftp', 'ftp://h5.example.com/'],
    ['tab inside the scheme', 'ht\ttps://evil.example/'],
    ['a newline before user-info', 'https://h5.example.com\n@evil.example/'],
    ['loopback outside development', 'http://localhost:5173/'],
    ['empty', ''],
    ['not a string', 42],
    ['an array', ['https://h5.example.com/']],
  ])('refuses %s', (_name, target) => {
    expect(policy.check(target)).toBeNull();
  });

  it('allows loopback hosts on any port in development only', () => {
    const dev = createRedirectPolicy({ siteUrls: [], extraHosts: [], allowLoopback: true });
    for (const target of [
      'http://localhost:5173/m',
      'http://127.0.0.1:8300/',
      'http://[::1]:5173/',
      'http://LOCALHOST/',
    ])
      expect(dev.check(target), target).not.toBeNull();
    for (const target of ['http://localhost.evil.example/', 'http://127.0.0.2/', 'http://evil@localhost/'])
      expect(dev.check(target), target).toBeNull();
  });

  it('builds the deployment policy from APP_URL, the h5_url / pc_url settings and ALLOWED_REDIRECT_HOSTS', () => {
    const env = readEnv({ APP_URL: 'https://api.example.com', ALLOWED_REDIRECT_HOSTS: 'extra.example.com' });
    const settings = {
      text: (key: string) =>
        ({ h5_url: 'https://m.example.com', pc_url: 'https://www.example.com' })[key] ?? '',
    } as SettingsSnapshot;
    const production = siteRedirectPolicy(env, settings);
    for (const host of ['api.example.com', 'm.example.com', 'www.example.com', 'extra.example.com'])
      expect(production.check(`https://${host}/x`), host).toBe(`https://${host}/x`);
    expect(production.check('http://localhost:5173/')).toBeNull();
    const development = siteRedirectPolicy(readEnv({ KEZHAN_DEV: '1' }), settings);
    expect(development.check('http://localhost:5173/')).toBe('http://localhost:5173/');
  });

  it('normalises configured hosts and refuses ones with user-info', () => {
    expect(normaliseHost('H5.Example.com')).toBe('h5.example.com');
    expect(normaliseHost('https://h5.example.com:443/path')).toBe('h5.example.com');
    expect(normaliseHost('h5.example.com:8080')).toBe('h5.example.com:8080');
    expect(normaliseHost('user@h5.example.com')).toBeNull();
    expect(normaliseHost('  ')).toBeNull();
  });

  it('sets query parameters before the fragment', () => {
    expect(withQuery('https://h5.example.com/a?x=1#f', { login_code: 'c', x: '2' })).toBe(
      'https://h5.example.com/a?x=2&login_code=c#f',
    );
  });
});

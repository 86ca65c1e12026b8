import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { H5_ROUTE_MODULES } from '@kezhan/contract/h5-boot';

/** The server preloads each main route's chunks from this table: it must name what routes.tsx renders. */
describe('the route → page module table the server preloads from', () => {
  const routes = fs.readFileSync(path.join(__dirname, 'routes.tsx'), 'utf8');
  const lazyPages = new Map(
    [...routes.matchAll(/const (\w+) = lazy\(\(\) => import\('@\/(.+?)'\)\)/g)].map((m) => [m[1], m[2]]),
  );
  const routePages = new Map(
    [...routes.matchAll(/\{ path: '([^']+)', element: page\((\w+)/g)].map((m) => [m[1], m[2]]),
  );

  it.each(Object.entries(H5_ROUTE_MODULES))('%s renders %s', (route, pageModule) => {
    const component = routePages.get(route);
    expect(component, `route ${route} in routes.tsx`).toBeDefined();
    expect(`src/${lazyPages.get(component!)}.tsx`).toBe(pageModule);
    expect(fs.existsSync(path.join(__dirname, '..', '..', pageModule))).toBe(true);
  });
});

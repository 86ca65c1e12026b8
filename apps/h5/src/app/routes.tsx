import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router-dom';
import { H5_MOVED_PAGES, H5_NOT_FOUND_MODULE, H5_PAGES, type H5Page } from '@kezhan/contract/browser';
import { PageLoading } from '@/shared/layout/page-loading';
import { RequireAuth } from '@/shared/layout/require-auth';
import { TabBarLayout } from '@/shared/layout/tab-bar-layout';
import { AppRoot } from './app-root';

/** Every page module, each its own chunk, keyed as the page table names them (`src/features/…`). */
const PAGE_MODULES = import.meta.glob<{ default: ComponentType }>([
  '../features/*/pages/*.tsx',
  '!../features/*/pages/*.test.tsx',
]);

/** The lazily loaded page of a page-table module; an unknown module fails at start, not on a tap. */
export function pageModuleLoader(module: string): () => Promise<{ default: ComponentType }> {
  const load = PAGE_MODULES[module.replace(/^src\//, '../')];
  if (!load) throw new Error(`page module ${module} not found`);
  return load;
}

function page(module: string, needsLogin = false) {
  const Component = lazy(pageModuleLoader(module));
  const element = (
    <Suspense fallback={<PageLoading />}>
      <Component />
    </Suspense>
  );
  return needsLogin ? <RequireAuth>{element}</RequireAuth> : element;
}

/** An old or mistyped address that has a page under another name: keep the query, replace. */
function Moved({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={to + search} replace />;
}

const PAGES: readonly H5Page[] = H5_PAGES;

const pageRoute = ({ path, module, needsLogin }: H5Page): RouteObject => ({
  path,
  element: page(module, needsLogin),
});

/** Every route of the app, from the page table (h5-pages.ts in the contract). */
export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    children: [
      { element: <TabBarLayout />, children: PAGES.filter((entry) => entry.tabBar).map(pageRoute) },
      ...PAGES.filter((entry) => !entry.tabBar).map(pageRoute),
      ...H5_MOVED_PAGES.map(({ path, movedTo }) => ({ path, element: <Moved to={movedTo} /> })),
      { path: '*', element: page(H5_NOT_FOUND_MODULE) },
    ],
  },
];

import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { routes } from '@/app/routes';
import { resetAppStore } from '@/shared/store/app-store';

/** Renders the whole app (startup, guards, lazy pages) at `path` on an in-memory router. */
export function renderApp(path: string) {
  resetAppStore();
  window.history.replaceState(null, '', path);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(<RouterProvider router={router} />);
  return { ...view, router };
}

/**
 * Lets code outside React (the HTTP client) navigate through the router, so a 401 or a
 * 404 keeps the single-page history instead of reloading the whole app.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigate | null = null;

export function setNavigator(fn: Navigate | null): void {
  navigator = fn;
}

export function navigateTo(to: string, options: { replace?: boolean } = {}): void {
  if (navigator) {
    navigator(to, options);
    return;
  }
  if (options.replace) window.location.replace(to);
  else window.location.assign(to);
}

/** Full-page navigation to a payment gateway (its own module so tests can observe it). */
export function leavePage(url: string): void {
  window.location.assign(url);
}

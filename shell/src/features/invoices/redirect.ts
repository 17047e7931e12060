/** Leaves the site for PayPal's approval page. Its own module so tests can replace it (jsdom cannot navigate). */
export function redirect(url: string): void {
  window.location.assign(url);
}

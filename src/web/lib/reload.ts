/** A seam over page reloads so tests can observe them. */
export function reloadPage(): void {
  window.location.reload();
}

/** Loads the address afresh: the one a navigation was heading to, or the current one. */
export function reloadAt(href: string | null | undefined): void {
  if (
    href &&
    href !== `${window.location.pathname}${window.location.search}${window.location.hash}`
  ) {
    window.location.assign(href);
  } else {
    reloadPage();
  }
}

// A full page load, behind a function so tests can observe it (jsdom cannot).
export function reloadPage(): void {
  window.location.reload();
}

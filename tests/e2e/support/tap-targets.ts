// Primary controls fit the thumb on a phone (WCAG 2.5.5's 44 × 44 px): every visible button,
// text input, select and button-like link of the top bar, the menu and the page. Checkboxes,
// radios and switches are left out (their label is the target), and so are links inside running
// text. The sizes come from the theme (src/client/shell/shell.css), not from each page.
import type { Page } from '@playwright/test';

export const MIN_TAP_PX = 44;

/** The visible primary controls under 44 px in either direction, each described for a failure message. */
export function smallControls(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const selector = [
      'header :is(button, a, [role="button"])',
      'nav :is(button, a, [role="button"])',
      'main :is(button, [role="button"], select, textarea, a.mantine-Button-root, a.mantine-ActionIcon-root)',
      'main input:not([type="checkbox"], [type="radio"], [type="hidden"], [type="file"])',
    ].join(', ');
    // A field inside a Mantine input's frame (a multi-select's search) is aimed at through the frame.
    const target = (element: HTMLElement) =>
      element.tagName === 'INPUT' ? (element.closest<HTMLElement>('.mantine-Input-input') ?? element) : element;
    return [...new Set([...document.querySelectorAll<HTMLElement>(selector)].map(target))]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || getComputedStyle(element).visibility === 'hidden') return false;
        // Inside the page's footer line (the version) or a visually hidden helper: not a control a thumb aims at.
        if (element.closest('footer, [data-tap-exempt]')) return false;
        // Hidden from assistive technology and the tab order (a number input's steppers): the field is the target.
        if (element.closest('[aria-hidden="true"]')) return false;
        return box.width < min - 0.5 || box.height < min - 0.5;
      })
      .map((element) => {
        const box = element.getBoundingClientRect();
        const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30) ?? '';
        return `${element.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`;
      });
  }, MIN_TAP_PX);
}

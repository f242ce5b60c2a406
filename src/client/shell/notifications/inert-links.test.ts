import { describe, expect, it } from 'vitest';
import { inertLinks } from './inert-links';

describe('inertLinks', () => {
  it('turns links into spans, keeping their text and the rest of the HTML', () => {
    expect(inertLinks('<p>See <a href="/absence/1" target="_blank">the request</a> from <b>Ann</b></p>')).toBe(
      '<p>See <span class="notification-link">the request</span> from <b>Ann</b></p>',
    );
  });

  it('leaves other tags whose names start with a alone', () => {
    expect(inertLinks('<abbr>HR</abbr><A HREF="x">y</A >')).toBe('<abbr>HR</abbr><span class="notification-link">y</span>');
  });
});

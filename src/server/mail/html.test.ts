import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html';

describe('escapeHtml', () => {
  it('escapes the five characters that end text or an attribute in HTML', () => {
    expect(escapeHtml(`<b class="x">Tom & Jerry's</b>`)).toBe('&lt;b class=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/b&gt;');
  });

  it('escapes an entity someone typed, so it shows as typed', () => {
    expect(escapeHtml('&lt;script&gt;')).toBe('&amp;lt;script&amp;gt;');
  });

  it('leaves other text, accents and emoji as they are', () => {
    expect(escapeHtml('Zoë Ní Bhriain — 10/12 😀\nnext line')).toBe('Zoë Ní Bhriain — 10/12 😀\nnext line');
    expect(escapeHtml('')).toBe('');
  });
});

// Rich text people write (notices, expert articles, alerts) is HTML shown inside other people's
// apps, so only an allow-list of formatting survives: paragraphs, headings, emphasis, lists,
// quotes and links (http, https, mailto, tel; opened outside the app). No scripts, styles, images,
// frames, event handlers or javascript: links.
import sanitizeHtml from 'sanitize-html';

const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'a', 'h2', 'h3', 'h4', 'blockquote'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
    // What editors make of bold and italic in some browsers.
    div: 'p',
  },
};

/** The allow-listed HTML of `html`. */
export function sanitiseRichText(html: string): string {
  return sanitizeHtml(html, options).trim();
}

/** The words of `html` without any markup (for search and for "is it empty?"). */
export function richTextWords(html: string): string {
  return sanitizeHtml(html.replace(/<\/(p|h[2-4]|li|blockquote)>|<br\s*\/?>/gi, '$& '), { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

// Notification descriptions are HTML the client renders as HTML, so what is stored
// is cut down to a small allow-list first: text formatting, lists and plain links. Scripts,
// event handlers, styles and javascript: or data: links never reach the table.
import sanitizeHtml from 'sanitize-html';

const options: sanitizeHtml.IOptions = {
  allowedTags: ['b', 'strong', 'i', 'em', 'u', 'a', 'br', 'p', 'ul', 'ol', 'li', 'span'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Tags off the list are dropped but their text is kept; script and style lose their content too.
  disallowedTagsMode: 'discard',
};

export function sanitiseDescription(html: string): string {
  return sanitizeHtml(html, options).trim();
}

// Text a person typed (a name, a reason, a title) put into HTML the platform writes: e-mail
// bodies, notification descriptions, the privacy export's summary page.

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `text` as HTML text or a quoted attribute value: no tag, entity or quote of its own survives. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

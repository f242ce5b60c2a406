// File names as people see them: cleaned for display and for zip entries, and written into
// Content-Disposition so every browser gets a safe name.
import { FILE_EXTENSIONS, type AcceptedFileType } from './file-types';

export const DISPLAY_NAME_MAX = 200;

// Control, bidirectional-override and other invisible characters that can disguise a name.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const invisible = /[\u0000-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;
// Characters Windows forbids in a name, so a zip entry extracts everywhere.
const reserved = /[<>:"|?*]/g;
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Replaces halves of broken characters, which cannot be encoded or stored. */
const wellFormed = (text: string) => text.replace(loneSurrogate, '\uFFFD');

/** Shortens to `max` characters, keeping a short extension and never splitting a character. */
function shorten(name: string, max: number): string {
  const chars = Array.from(name);
  if (chars.length <= max) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? Array.from(name.slice(dot)) : [];
  if (extension.length > 0 && extension.length <= 16) {
    return (
      chars
        .slice(0, max - extension.length)
        .join('')
        .trimEnd() + extension.join('')
    );
  }
  return chars.slice(0, max).join('');
}

/**
 * A name fit to show and to offer as a download name: no directories, no control or
 * invisible characters, at most 200 characters; never empty.
 */
export function sanitiseFileName(raw: string, fallback = 'file'): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  const cleaned = wellFormed(base).normalize('NFC').replace(invisible, '').replace(reserved, '_').replace(/\s+/g, ' ').trim();
  // A name of dots only means "this directory" or "the parent" to an unzipper.
  const named = /^\.*$/.test(cleaned) ? fallback : cleaned.replace(/^\.+/, '');
  return shorten(named || fallback, DISPLAY_NAME_MAX);
}

/**
 * Makes the name end as its checked type does ("invoice.exe" holding a PNG becomes
 * "invoice.exe.png"), so a saved download opens in the program for what it really is.
 */
export function withTypeExtension(name: string, type: AcceptedFileType): string {
  const extensions = FILE_EXTENSIONS[type];
  if (extensions.some((extension) => name.toLowerCase().endsWith(extension))) return name;
  return shorten(`${name}${extensions[0]}`, DISPLAY_NAME_MAX);
}

/** Makes names unique within one zip without regard to case: "a.pdf", "a (2).pdf", "a (3).pdf". */
export function uniqueNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    const dot = name.lastIndexOf('.');
    const stem = dot > 0 ? name.slice(0, dot) : name;
    const extension = dot > 0 ? name.slice(dot) : '';
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = shorten(`${stem} (${n})${extension}`, DISPLAY_NAME_MAX);
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/** RFC 6266 attachment with an ASCII fallback and the exact name as RFC 5987 `filename*`. */
export function attachmentDisposition(name: string): string {
  const safe = wellFormed(name);
  const ascii = safe
    .normalize('NFKD')
    .replace(/[\u0300-\u036F]/g, '')
    .replace(/[^\x20-\x7E]/g, '_')
    .replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(safe).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

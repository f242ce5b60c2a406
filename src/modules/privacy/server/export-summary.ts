// The readable half of a subject access export: one self-contained HTML page listing, module
// by module, every record held about the person, with the files that came with them.
import { escapeHtml } from '../../../server/mail/html';
import { formatLondon } from '../../../shared/dates';

export type ExportSection = { module: string; table: string; label: string; rows: Record<string, unknown>[] };

export type ExportDocument = {
  person: { id: string; name: string; email: string };
  company: string;
  generatedAt: string;
  sections: ExportSection[];
  files: { id: string; name: string; type: string; sizeBytes: number }[];
};

/** The headings a reader understands, for the modules' names. */
const MODULE_TITLES: Record<string, string> = {
  auth: 'Account',
  employees: 'Profile and employment',
  leave: 'Leave and sickness',
  privacy: 'Audit trail and exports',
  rotas: 'Rotas',
};
const moduleTitle = (name: string) => MODULE_TITLES[name] ?? name.charAt(0).toUpperCase() + name.slice(1);

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return escapeHtml(text.length > 2000 ? `${text.slice(0, 2000)}…` : text);
}

const heading = (key: string) => escapeHtml(key.replace(/_/g, ' '));

function sectionHtml(section: ExportSection): string {
  const keys = [...new Set(section.rows.flatMap((row) => Object.keys(row)))].filter((key) => key !== 'company_id');
  // Records read better as one card each: a label and its value per line.
  const cards = section.rows
    .map((row) => `<dl>${keys.map((key) => `<dt>${heading(key)}</dt><dd>${cell(row[key])}</dd>`).join('')}</dl>`)
    .join('\n');
  return `<section><h3>${escapeHtml(section.label)} <small>(${section.rows.length})</small></h3>\n${cards}</section>`;
}

export function exportSummaryHtml(document: ExportDocument): string {
  const modules = [...new Set(document.sections.map((section) => section.module))];
  const body = modules
    .map(
      (module) =>
        `<h2>${escapeHtml(moduleTitle(module))}</h2>\n${document.sections
          .filter((s) => s.module === module)
          .map(sectionHtml)
          .join('\n')}`,
    )
    .join('\n');
  const files = document.files.length
    ? `<h2>Files</h2><ul>${document.files.map((file) => `<li><a href="${escapeHtml(file.name)}">${escapeHtml(file.name)}</a> (${file.type}, ${file.sizeBytes} bytes)</li>`).join('')}</ul>`
    : '';
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Personal data held about ${escapeHtml(document.person.name)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:60rem;margin:1rem auto;padding:0 1rem;color:#1a1b1e;line-height:1.4}
h1{font-size:1.5rem}h2{margin-top:2rem;border-bottom:1px solid #ccc}h3{font-size:1.05rem}
dl{display:grid;grid-template-columns:minmax(5rem,35%) 1fr;gap:.1rem .75rem;border:1px solid #e5e5e5;border-radius:6px;padding:.5rem;margin:.5rem 0}
dt{color:#555;text-transform:capitalize}dd{margin:0;overflow-wrap:anywhere}small{color:#666;font-weight:normal}
</style></head><body>
<h1>Personal data held about ${escapeHtml(document.person.name)}</h1>
<p>${escapeHtml(document.company)} holds the records below about ${escapeHtml(document.person.name)} (${escapeHtml(document.person.email)}), as of ${escapeHtml(formatLondon(document.generatedAt, 'dd/MM/yyyy HH:mm'))}.
The same records are in <code>data.json</code> for a computer to read; the original files are in the <code>files</code> folder.</p>
${body}
${files}
</body></html>
`;
}

// Company notes (company settings): short notes owners and HR admins keep, newest first.
import { DATE_FORMATS, formatLondon } from '../../../shared/dates';
import { CompanyNoteInputSchema, NOTE_MAX_LENGTH, type CompanyNote } from '../organisation.contract';
import type { ListDefinition } from './list-page';

export const companyNotesList: ListDefinition<CompanyNote> = {
  resource: 'company-notes',
  title: 'Company notes',
  itemLabel: 'note',
  schema: CompanyNoteInputSchema,
  fields: [{ name: 'body', label: 'Note', kind: 'textarea', required: true, maxLength: NOTE_MAX_LENGTH }],
  empty: { body: '' },
  toValues: (item) => ({ body: item.body }),
  columns: [
    { label: 'Note', render: (item) => item.body },
    { label: 'By', render: (item) => (item.author ? `${item.author.first_name} ${item.author.surname}` : '—') },
    { label: 'Date', render: (item) => formatLondon(item.created_at, DATE_FORMATS.dateTime) },
  ],
  titleOf: (item) => (item.body.length > 40 ? `${item.body.slice(0, 40)}…` : item.body),
  emptyText: 'No notes yet.',
};

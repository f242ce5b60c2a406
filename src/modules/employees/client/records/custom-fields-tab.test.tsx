import { fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../../../client/ui/test-render';
import type { UserCustomField } from '../../personal-records.contract';
import CustomFieldsTab from './custom-fields-tab';

const server = mockApi();
const userId = '3f2a9b8c-1d4e-4f5a-8b6c-7d8e9f0a1b2c';
const sizeId = 'a1b2c3d4-0000-4000-8000-000000000001';
const aiderId = 'a1b2c3d4-0000-4000-8000-000000000002';

const fields: UserCustomField[] = [
  { id: sizeId, label: 'Shoe size', field_type: 'number', options: [], required: true, position: 0, value: '9' },
  { id: aiderId, label: 'First aider', field_type: 'checkbox', options: [], required: false, position: 1, value: 'true' },
];

beforeEach(() =>
  localStorage.setItem('permissions', JSON.stringify([{ endpoint: '/api/user-custom-fields', method: 'PUT', type: 'company' }])),
);

describe('CustomFieldsTab', () => {
  it('says when the company has no additional fields, with nothing to edit', async () => {
    server.use(http.get(`/api/user-custom-fields/${userId}`, () => HttpResponse.json({ user_id: userId, fields: [] })));
    renderWithApp(<CustomFieldsTab userId={userId} self={false} />);
    expect(await screen.findByText('No additional fields have been set up.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
  });

  it('reads answers, then sends every field’s value and shows the refusal on the field it names', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get(`/api/user-custom-fields/${userId}`, () => HttpResponse.json({ user_id: userId, fields })),
      http.put(`/api/user-custom-fields/${userId}`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(
          {
            code: 'validation',
            message: 'Please check provided details.',
            errors: { [`values.${sizeId}`]: ['This is not a valid number.'] },
          },
          { status: 422 },
        );
      }),
    );
    renderWithApp(<CustomFieldsTab userId={userId} self={false} />);
    expect(await screen.findByText('Yes')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Edit additional details' }));
    fireEvent.change(screen.getByRole('spinbutton', { name: /Shoe size/ }), { target: { value: '9.5' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'First aider' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This is not a valid number.')).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: /Shoe size/ })).toHaveAccessibleDescription('This is not a valid number.');
    expect(sent).toEqual([{ values: { [sizeId]: '9.5', [aiderId]: 'false' } }]);
  });
});

import { Alert, Button } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../api/api-client';
import { PostcodeSchema, required, requiredTextField } from '../../shared/validators';
import { mockApi, renderWithApp } from './test-render';
import { TextField } from './text-field';
import { useForm, validateOnServer } from './use-form';

const server = mockApi();

const Schema = v.object({
  name: requiredTextField({ maxLength: 20 }),
  address: v.object({ postcode: required(PostcodeSchema) }),
});

function PersonForm({ onSaved, withServerValidate = false }: { onSaved: (value: unknown) => void; withServerValidate?: boolean }) {
  const form = useForm({
    schema: Schema,
    initialValues: { name: '', address: { postcode: '' } },
    onSubmit: async (values) => onSaved(await apiFetch('/api/people', { method: 'POST', body: values })),
    ...(withServerValidate ? { serverValidate: validateOnServer('people') } : {}),
  });
  return (
    <form noValidate onSubmit={form.onSubmit}>
      <TextField label="Name" required {...form.textProps('name')} />
      <TextField label="Postcode" required {...form.textProps('address.postcode')} />
      {form.otherErrors.length > 0 && <Alert color="red">{form.otherErrors.join(' ')}</Alert>}
      <Button type="submit" loading={form.submitting}>
        Save
      </Button>
    </form>
  );
}

async function renderForm(options: { withServerValidate?: boolean } = {}) {
  const onSaved = vi.fn();
  renderWithApp(<PersonForm onSaved={onSaved} {...options} />);
  await screen.findByRole('button', { name: 'Save' });
  return { onSaved };
}

const type = (name: string, value: string) => fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('forms', () => {
  it('refuse an invalid submit on the client: field messages and the "Validation failed." toast', async () => {
    const sent = vi.fn();
    server.use(http.post('/api/people', () => (sent(), HttpResponse.json({}))));
    await renderForm();
    type('Postcode', 'nowhere');
    save();
    expect(await screen.findByText('Validation failed.')).toBeInTheDocument();
    expect(screen.getByText('Please check provided details.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Field is required.');
    expect(screen.getByRole('textbox', { name: 'Postcode' })).toHaveAccessibleDescription('This is not a valid postcode.');
    expect(sent).not.toHaveBeenCalled();
  });

  it('send the contract’s output and clear a field’s message when it changes', async () => {
    const bodies: unknown[] = [];
    server.use(http.post('/api/people', async ({ request }) => (bodies.push(await request.json()), HttpResponse.json({ id: 'p1' }))));
    const { onSaved } = await renderForm();
    save();
    await vi.waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Field is required.'));
    type('Name', ' Ann ');
    expect(screen.getByRole('textbox', { name: 'Name' })).not.toHaveAccessibleDescription('Field is required.');
    type('Postcode', 'sw1a1aa');
    save();
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith({ id: 'p1' }));
    expect(bodies).toEqual([{ name: 'Ann', address: { postcode: 'SW1A 1AA' } }]);
  });

  it('map a 422’s errors onto the fields, nested and bracketed paths included, and list the rest', async () => {
    server.use(
      http.post('/api/people', () =>
        HttpResponse.json(
          {
            code: 'validation',
            message: 'Please check provided details.',
            errors: { 'address[postcode]': ['Postcode already registered.'], name: ['Name taken.'], company_id: ['Company closed.'] },
          },
          { status: 422 },
        ),
      ),
    );
    await renderForm();
    type('Name', 'Ann');
    type('Postcode', 'SW1A 1AA');
    save();
    expect(await screen.findByText('Validation failed.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Postcode' })).toHaveAccessibleDescription('Postcode already registered.');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Name taken.');
    // Only the error no field shows goes in the list above the buttons.
    expect(screen.getByText('Company closed.')).toBeInTheDocument();
    expect(screen.getAllByText('Name taken.')).toHaveLength(1);
    expect(screen.queryByText('Error occurred')).not.toBeInTheDocument();
  });

  it('ask the validate endpoint first and stop on its field errors', async () => {
    const validated: unknown[] = [];
    const created = vi.fn();
    server.use(
      http.post('/api/people/validate', async ({ request }) => {
        validated.push(await request.json());
        return HttpResponse.json({ errors: validated.length === 1 ? { 'address.postcode': ['Outside our area.'] } : {} });
      }),
      http.post('/api/people', () => (created(), HttpResponse.json({ id: 'p2' }))),
    );
    const { onSaved } = await renderForm({ withServerValidate: true });
    type('Name', 'Ann');
    type('Postcode', 'M1 1AE');
    save();
    expect(await screen.findByText('Outside our area.')).toBeInTheDocument();
    expect(screen.getByText('Validation failed.')).toBeInTheDocument();
    expect(created).not.toHaveBeenCalled();
    expect(validated).toEqual([{ name: 'Ann', address: { postcode: 'M1 1AE' } }]);
    save();
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith({ id: 'p2' }));
  });

  it('leave other failures to the query client, without the validation toast', async () => {
    server.use(http.post('/api/people', () => HttpResponse.json({ message: 'Conflict' }, { status: 409 })));
    const { onSaved } = await renderForm();
    type('Name', 'Ann');
    type('Postcode', 'M1 1AE');
    save();
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).not.toHaveAttribute('data-loading'));
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.queryByText('Validation failed.')).not.toBeInTheDocument();
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../../../client/ui/test-render';
import { OUTBOX_RESOURCE_HEADER } from '../../../../shared/constants';
import { leaveMessages } from '../../leave.contract';
import { type ReturnToWorkItem } from '../../return-to-work.contract';
import { EMPLOYEE, MANAGER, returnToWorkItem, signIn } from '../absence/absence-test-data';
import { SelfCertificationPage } from '../self-certification-page';

const server = mockApi();

type Write = { url: string; body: unknown; outbox: string | null };

function serve(item: ReturnToWorkItem | (() => Response), answer: () => Response = () => HttpResponse.json(item)) {
  const writes: Write[] = [];
  server.use(
    http.get('/api/return-to-work/:id', () => (typeof item === 'function' ? item() : HttpResponse.json(item))),
    http.put('/api/return-to-work/:id/:step', async ({ request }) => {
      writes.push({ url: new URL(request.url).pathname, body: await request.json(), outbox: request.headers.get(OUTBOX_RESOURCE_HEADER) });
      return answer();
    }),
    http.post('/api/return-to-work/:id/fit-note', async ({ request }) => {
      const multipart = request.headers.get('content-type')?.startsWith('multipart/form-data') ?? false;
      const file = (await request.formData()).get('file');
      // jsdom's File loses its name on the way through msw; that a file part arrived is what counts here.
      writes.push({
        url: new URL(request.url).pathname,
        body: { multipart, file: file !== null && typeof file !== 'string' },
        outbox: null,
      });
      return answer();
    }),
  );
  return { writes };
}

const open = (item: ReturnToWorkItem) =>
  renderWithApp(<SelfCertificationPage id={item.id} />, { path: `/return-to-work/${item.id}/self-certification` });

function answerQuestions(form: HTMLElement) {
  fireEvent.change(within(form).getByRole('textbox', { name: /What was wrong\?/ }), { target: { value: 'A heavy cold' } });
  fireEvent.click(within(within(form).getByRole('radiogroup', { name: 'Did you see a doctor?' })).getByRole('radio', { name: 'No' }));
  fireEvent.click(
    within(within(form).getByRole('radiogroup', { name: 'Was it caused by an accident or injury at work?' })).getByRole('radio', {
      name: 'No',
    }),
  );
}

beforeEach(() => localStorage.clear());

describe('the self-certification (/return-to-work/{id}/self-certification)', () => {
  it('prefills the days, refuses to send without the declaration, then sends the answers', async () => {
    signIn(EMPLOYEE);
    const item = returnToWorkItem({});
    const { writes } = serve(item);
    open(item);
    const form = await screen.findByRole('form', { name: 'Self-certification' });
    expect(within(form).getByLabelText(/First day of sickness/)).toHaveValue('10/11/2025');
    expect(within(form).getByLabelText(/Last day of sickness/)).toHaveValue('12/11/2025');
    answerQuestions(form);
    fireEvent.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByText(leaveMessages.declarationRequired)).toBeInTheDocument();
    expect(writes).toEqual([]);

    fireEvent.click(within(form).getByRole('checkbox', { name: 'I declare that the information I have given is true and complete' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(writes).toEqual([
        {
          url: `/api/return-to-work/${item.id}/self-certification`,
          outbox: 'return-to-work',
          body: {
            reason_category: 'cold_flu',
            description: 'A heavy cold',
            first_day_of_sickness: '2025-11-10',
            last_day_of_sickness: '2025-11-12',
            consulted_doctor: false,
            injury_at_work: false,
            declaration: true,
          },
        },
      ]),
    );
    expect(await screen.findByText('Return to work form sent.')).toBeInTheDocument();
  });

  it('asks for the yes/no answers rather than assuming them', async () => {
    signIn(EMPLOYEE);
    const item = returnToWorkItem({});
    const { writes } = serve(item);
    open(item);
    const form = await screen.findByRole('form', { name: 'Self-certification' });
    fireEvent.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findAllByText('Field is required.')).toHaveLength(3);
    expect(writes).toEqual([]);
  });

  it('says a form made offline will be sent later', async () => {
    signIn(EMPLOYEE);
    const item = returnToWorkItem({});
    serve(item, () => HttpResponse.json({ queued: true, idempotency_key: 'k1' }, { status: 202 }));
    open(item);
    const form = await screen.findByRole('form', { name: 'Self-certification' });
    answerQuestions(form);
    fireEvent.click(within(form).getByRole('checkbox', { name: /I declare/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Saved. It will be sent when you are back online.')).toBeInTheDocument();
  });

  it('asks for a fit note beyond 7 days, uploads it, and needs a connection to do so', async () => {
    signIn(EMPLOYEE);
    const item = returnToWorkItem({ kind: 'fit_note', first_day: '2025-11-03', last_day: '2025-11-11', calendar_days: 9 });
    const { writes } = serve(item);
    open(item);
    expect(await screen.findByText(/Your absence was longer than 7 days, so a fit note from your doctor is needed/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Self-certification' })).not.toBeInTheDocument();
    const upload = screen.getByRole('button', { name: 'Upload fit note' });

    fireEvent.click(upload);
    expect(await screen.findByText('Field is required.')).toBeInTheDocument();
    const file = new File(['%PDF-1.4'], 'fit-note.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText(/Fit note/), { target: { files: [file] } });
    fireEvent.click(upload);
    await waitFor(() =>
      expect(writes).toEqual([{ url: `/api/return-to-work/${item.id}/fit-note`, body: { multipart: true, file: true }, outbox: null }]),
    );

    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(await screen.findByText('You need a connection to upload a file.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload fit note' })).toBeDisabled();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
  });

  it('shows a reviewer the answers and lets them close it with a note', async () => {
    signIn(MANAGER);
    const item = returnToWorkItem({
      status: 'awaiting_review',
      can_complete: false,
      can_review: true,
      submitted_at: '2025-11-13T10:00:00.000Z',
      answers: {
        reason_category: 'cold_flu',
        description: 'A heavy cold',
        first_day_of_sickness: '2025-11-10',
        last_day_of_sickness: '2025-11-12',
        consulted_doctor: true,
        injury_at_work: false,
        declaration: true,
      },
    });
    const { writes } = serve(item);
    open(item);
    expect(await screen.findByText('A heavy cold')).toBeInTheDocument();
    expect(screen.getByText('Waiting for review')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Self-certification' })).not.toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: /Review note/ }), { target: { value: 'Talked it through' } });
    fireEvent.click(screen.getByRole('button', { name: 'Close return to work' }));
    await waitFor(() =>
      expect(writes).toEqual([{ url: `/api/return-to-work/${item.id}/review`, body: { note: 'Talked it through' }, outbox: null }]),
    );
  });

  it('shows a manager without the special-category gate no answers, and a closed item read-only', async () => {
    signIn(MANAGER);
    const item = returnToWorkItem({
      status: 'closed',
      can_complete: false,
      can_review: false,
      review_note: 'All fine',
      reviewed_by_name: 'Mo Manager',
      reviewed_at: '2025-11-14T10:00:00.000Z',
    });
    serve(item);
    open(item);
    expect(await screen.findByText('All fine')).toBeInTheDocument();
    expect(screen.getByText('Closed')).toBeInTheDocument();
    expect(screen.queryByText('What was wrong?')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close return to work' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
  });

  it('says when the item does not exist', async () => {
    signIn(EMPLOYEE);
    serve(() => HttpResponse.json({ code: 'notFound', message: 'Not found.' }, { status: 404 }));
    renderWithApp(<SelfCertificationPage id="missing" />, { path: '/return-to-work/missing/self-certification' });
    expect(await screen.findByText('This return to work was not found.')).toBeInTheDocument();
  });
});

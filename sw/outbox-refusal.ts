// How the outbox keeps a server's refusal of a queued write (a 4xx other than 401): the words
// the outbox shows, and the field errors the form that corrects the write puts on its fields.

/** The field errors of a refusal's body, as the form shows them (dotted paths to their messages). */
function fieldErrorsOf(body: { errors?: unknown } | null): Record<string, string[]> | undefined {
  if (!body?.errors || typeof body.errors !== 'object' || Array.isArray(body.errors)) return undefined;
  const fields = Object.entries(body.errors as Record<string, unknown>).flatMap(([field, messages]) => {
    const texts = (Array.isArray(messages) ? messages : [messages]).filter((text): text is string => typeof text === 'string');
    return texts.length > 0 ? [[field, texts] as const] : [];
  });
  return fields.length > 0 ? Object.fromEntries(fields) : undefined;
}

/** A refusal as kept on its item: the server's words (its message, then each field error), and its field errors for the form that corrects it. */
export async function refusalOf(response: Response): Promise<{ message: string; fields?: Record<string, string[]> }> {
  const body = (await response.json().catch(() => null)) as { message?: unknown; errors?: unknown } | null;
  const fields = fieldErrorsOf(body);
  const message = typeof body?.message === 'string' ? body.message : '';
  const details =
    body?.errors && typeof body.errors === 'object'
      ? [
          ...new Set(
            Object.values(body.errors as Record<string, unknown>)
              .flat()
              .filter((text): text is string => typeof text === 'string'),
          ),
        ]
      : [];
  // A field's words the message already says ("Item 1: A receipt is required…") are not said twice.
  const text = [message, ...details.filter((detail) => !message.includes(detail))].filter(Boolean).join(' ');
  return { message: text || `The server refused this change (${response.status}).`, ...(fields ? { fields } : {}) };
}

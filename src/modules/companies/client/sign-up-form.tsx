// The sign-up form: the company, the person signing it up, their work e-mail, how many people
// work there (the seats it starts with) and the part of the UK its bank holidays follow. A
// honeypot field sits off screen, hidden from people and screen readers alike, and the time the
// form was open goes with it: the server drops what a robot sends and answers it the same.
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import { Button, NumberInput, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { isApiError } from '../../../client/api/api-client';
import { FieldLabel, isEmptyValue } from '../../../client/ui/field-label';
import { TextField } from '../../../client/ui/text-field';
import { useForm } from '../../../client/ui/use-form';
import { HONEYPOT_FIELD, SIGN_UP_REGION_LABELS, SIGN_UP_REGIONS, SignUpInputSchema, type SignUpAccepted } from '../sign-up.contract';
import { requestSignUp } from './sign-up.api';
import { ProblemAlert } from '../../../client/ui/problem-alert';

export function SignUpForm({ onSent }: { onSent: (sent: SignUpAccepted & { company: string }) => void }) {
  // When the form was first shown: a person takes seconds to fill it, a script milliseconds.
  const [openedAt] = useState(() => Date.now());
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm({
    schema: SignUpInputSchema,
    initialValues: {
      company_name: '',
      first_name: '',
      surname: '',
      email: '',
      employees: null,
      bank_holiday_region: null,
      [HONEYPOT_FIELD]: '',
      form_ms: 0,
    },
    onSubmit: async (output) => {
      setProblem(null);
      const sent = await requestSignUp({ ...output, form_ms: Date.now() - openedAt });
      onSent({ ...sent, company: output.company_name });
    },
    onError: (failure) =>
      setProblem(
        isApiError(failure, 429) ? failure.message : 'Your sign-up could not be sent. Please check your connection and try again.',
      ),
  });
  const employees = form.valueProps<number | string | null>('employees');
  const region = form.valueProps<string | null>('bank_holiday_region');

  return (
    <form onSubmit={form.onSubmit} noValidate aria-label="Sign up your company">
      <Stack gap="md">
        <TextField label="Company name" required autoComplete="organization" {...form.textProps('company_name')} />
        <TextField label="Your first name" required autoComplete="given-name" {...form.textProps('first_name')} />
        <TextField label="Your surname" required autoComplete="family-name" {...form.textProps('surname')} />
        <TextField
          label="Work e-mail"
          required
          type="email"
          autoComplete="email"
          description="We send a link here to confirm it's you."
          {...form.textProps('email')}
        />
        <NumberInput
          label={<FieldLabel label="Number of employees" showRequired={isEmptyValue(employees.value)} />}
          description="Including you. Your company starts with this many seats; you can order more later."
          required
          withAsterisk={false}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          name={employees.name}
          value={employees.value ?? ''}
          error={employees.error}
          onChange={(value) => employees.onChange(value === '' ? null : Number(value))}
        />
        <Radio.Group
          label={<FieldLabel label="Bank holidays" showRequired={isEmptyValue(region.value)} />}
          description="The part of the UK whose bank holidays your company follows."
          required
          withAsterisk={false}
          name={region.name}
          value={region.value}
          error={region.error}
          onChange={region.onChange}
        >
          <Stack gap="xs" mt="xs">
            {SIGN_UP_REGIONS.map((value) => (
              <Radio key={value} value={value} label={SIGN_UP_REGION_LABELS[value]} />
            ))}
          </Stack>
        </Radio.Group>
        {/* The honeypot: off screen, out of the tab order and the accessibility tree. */}
        <div aria-hidden="true" style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}>
          <label>
            Company reference
            <input type="text" tabIndex={-1} autoComplete="off" {...form.textProps(HONEYPOT_FIELD)} />
          </label>
        </div>
        <ProblemAlert problem={problem} />
        <Text size="sm" c="dimmed">
          Nothing is set up until you open the link we e-mail you.
        </Text>
        <Button type="submit" loading={form.submitting}>
          Sign up
        </Button>
      </Stack>
    </form>
  );
}

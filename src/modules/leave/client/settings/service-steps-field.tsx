// Length-of-service increases: rows of "after N years, this much more", at most ten, each
// removable. Errors land on each row's fields (service_steps.0.extra).
import { ActionIcon, Button, Group, Input, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { LeaveUnit, ServiceStep } from '../../leave.contract';
import { NumberField } from '../request/number-field';

type Step = { after_years: number | null; extra: number | null };
type StepsBinding = {
  values: Step[];
  unit: LeaveUnit;
  error: (path: string) => string | undefined;
  onChange: (steps: Step[]) => void;
  onStepChange: (path: string, value: number | null) => void;
  disabled?: boolean;
};

export const MAX_SERVICE_STEPS = 10;

export function ServiceStepsField({ values, unit, error, onChange, onStepChange, disabled }: StepsBinding) {
  const last = values.at(-1) as Partial<ServiceStep> | undefined;
  const add = () => onChange([...values, { after_years: (last?.after_years ?? 0) + 1, extra: 1 }]);
  return (
    <Input.Wrapper label="Length of service" description="Extra allowance after whole years of service." error={error('service_steps')}>
      <Stack gap="xs" mt={4}>
        {values.length === 0 && <Text size="sm">No increases.</Text>}
        {values.map((_, index) => (
          <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
            <NumberField
              label="After (years)"
              name={`service_steps.${index}.after_years`}
              required
              min={1}
              max={50}
              style={{ flex: 1 }}
              disabled={disabled}
              value={values[index]?.after_years}
              error={error(`service_steps.${index}.after_years`)}
              onChange={(value) => onStepChange(`service_steps.${index}.after_years`, value)}
            />
            <NumberField
              label={`Extra (${unit})`}
              name={`service_steps.${index}.extra`}
              required
              min={0}
              step={0.5}
              decimalScale={2}
              style={{ flex: 1 }}
              disabled={disabled}
              value={values[index]?.extra}
              error={error(`service_steps.${index}.extra`)}
              onChange={(value) => onStepChange(`service_steps.${index}.extra`, value)}
            />
            {!disabled && (
              <ActionIcon
                variant="subtle"
                color="red"
                mt={26}
                aria-label={`Remove step ${index + 1}`}
                onClick={() => onChange(values.filter((__, at) => at !== index))}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        ))}
        {!disabled && values.length < MAX_SERVICE_STEPS && (
          <Button variant="light" size="xs" onClick={add} w={{ base: '100%', xs: 'auto' }}>
            Add a step
          </Button>
        )}
      </Stack>
    </Input.Wrapper>
  );
}

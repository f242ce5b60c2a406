// How long the request is: full days (a start and an end date), a half day (morning or
// afternoon of one day) or a number of hours on one day. A half day and hours are a single
// day, so choosing either keeps the end date equal to the start.
import '@mantine/core/styles/SegmentedControl.css';
import { Input, SegmentedControl, Stack } from '@mantine/core';
import type { DurationType, HalfDayPart } from '../../leave.contract';
import { NumberField } from './number-field';

export const DURATION_LABELS: Record<DurationType, string> = { days: 'Full days', half_day: 'Half day', hours: 'Hours' };
export const HALF_DAY_LABELS: Record<HalfDayPart, string> = { morning: 'Morning', afternoon: 'Afternoon' };

type DurationFieldsProps = {
  duration: DurationType;
  onDurationChange: (value: DurationType) => void;
  halfDayPart: { value: HalfDayPart | null; onChange: (value: HalfDayPart) => void; error?: string | undefined };
  hours: { value: number | null; onChange: (value: number | null) => void; error?: string | undefined };
};

export function DurationFields({ duration, onDurationChange, halfDayPart, hours }: DurationFieldsProps) {
  return (
    <Stack gap="sm">
      <Input.Wrapper label="Duration" id="request-duration">
        <SegmentedControl
          fullWidth
          aria-labelledby="request-duration-label"
          name="duration_type"
          value={duration}
          onChange={(value) => onDurationChange(value as DurationType)}
          data={Object.entries(DURATION_LABELS).map(([value, label]) => ({ value, label }))}
        />
      </Input.Wrapper>
      {duration === 'half_day' && (
        <Input.Wrapper label="Which half" error={halfDayPart.error} id="request-half">
          <SegmentedControl
            fullWidth
            name="half_day_part"
            aria-labelledby="request-half-label"
            value={halfDayPart.value ?? ''}
            onChange={(value) => halfDayPart.onChange(value as HalfDayPart)}
            data={Object.entries(HALF_DAY_LABELS).map(([value, label]) => ({ value, label }))}
          />
        </Input.Wrapper>
      )}
      {duration === 'hours' && (
        <NumberField
          label="Hours"
          name="hours"
          required
          min={0.25}
          max={24}
          step={0.25}
          decimalScale={2}
          description="In quarter hours, such as 1.25 or 3.5."
          value={hours.value}
          onChange={hours.onChange}
          error={hours.error}
        />
      )}
    </Stack>
  );
}

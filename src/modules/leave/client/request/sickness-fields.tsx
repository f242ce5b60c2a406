// The parts of the form that only a sickness report has: the reason category, whether the
// end is not yet known, and the medical detail — special-category, so the form says who sees
// it (the person and HR) and the detail is never shown back to managers.
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import { Checkbox } from '@mantine/core';
import { SelectField } from '../../../../client/ui/select-field';
import { TextareaField } from '../../../../client/ui/textarea-field';
import { SICKNESS_CATEGORIES, SICKNESS_CATEGORY_LABELS, type SicknessCategory } from '../../leave.contract';

export const MEDICAL_PRIVACY_NOTE = 'Private: seen only by you and HR';
const CATEGORY_OPTIONS = SICKNESS_CATEGORIES.map((value) => ({ value, label: SICKNESS_CATEGORY_LABELS[value] }));

type Bound<T> = { name: string; value: T; onChange: (value: T) => void; error?: string | undefined };

export function SicknessCategoryField(props: Bound<SicknessCategory | null>) {
  return (
    <SelectField
      label="Reason"
      required
      data={CATEGORY_OPTIONS}
      {...props}
      onChange={(value) => props.onChange(value as SicknessCategory | null)}
    />
  );
}

export function OpenEndedField({ checked, onChange }: { checked: boolean; onChange: (value: boolean) => void }) {
  return (
    <Checkbox
      label="I don't know yet when I'll be back"
      description="Leave the end open; it is set when you return."
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}

export function MedicalDetailField(
  props: Omit<Bound<string>, 'onChange'> & { onChange: React.ChangeEventHandler<HTMLTextAreaElement | HTMLInputElement> },
) {
  return <TextareaField label="Medical detail" description={MEDICAL_PRIVACY_NOTE} maxLength={2000} {...props} />;
}

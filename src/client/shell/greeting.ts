// The header greeting, by the device's clock: morning before 12:00, afternoon
// before 18:00, evening after.
import { GREETING_AFTERNOON_HOUR, GREETING_EVENING_HOUR } from '../../shared/constants';

export function greetingFor(now: Date, firstName?: string | null): string {
  const hour = now.getHours();
  const part = hour < GREETING_AFTERNOON_HOUR ? 'Good morning' : hour < GREETING_EVENING_HOUR ? 'Good afternoon' : 'Good evening';
  return firstName ? `${part}, ${firstName}` : part;
}

// The kiosk's PIN pad: ten digits, Clear and OK as big buttons (72 px, well over the 44 px a
// finger needs), the digits typed shown as dots only, and the keyboard's digits too.
import { Button, Group, SimpleGrid, Text } from '@mantine/core';
import { useEffect } from 'react';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;
export const PIN_MAX = 6;
export const PIN_MIN = 4;

type PinPadProps = { pin: string; busy: boolean; onPin: (pin: string) => void; onSubmit: () => void };

export function PinPad({ pin, busy, onPin, onSubmit }: PinPadProps) {
  const press = (digit: string) => {
    if (!busy && pin.length < PIN_MAX) onPin(pin + digit);
  };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (/^\d$/.test(event.key)) press(event.key);
      else if (event.key === 'Backspace') onPin(pin.slice(0, -1));
      else if (event.key === 'Enter' && pin.length >= PIN_MIN) onSubmit();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  const big = { h: 72, fz: 28, radius: 'lg' } as const;
  return (
    <>
      <Group justify="center" gap="sm" aria-live="polite" aria-label={`${pin.length} digits entered`} mih={32}>
        {Array.from({ length: Math.max(PIN_MIN, pin.length) }, (_, index) => (
          <Text key={index} fz={32} lh={1} c={index < pin.length ? 'dark' : 'gray.4'} aria-hidden>
            {index < pin.length ? '●' : '○'}
          </Text>
        ))}
      </Group>
      <SimpleGrid cols={3} spacing="sm" maw={360} mx="auto" w="100%">
        {KEYS.map((digit) => (
          <Button key={digit} variant="default" {...big} onClick={() => press(digit)} aria-label={digit}>
            {digit}
          </Button>
        ))}
        <Button variant="subtle" {...big} fz={18} onClick={() => onPin('')} disabled={busy || pin.length === 0}>
          Clear
        </Button>
        <Button variant="default" {...big} onClick={() => press('0')} aria-label="0">
          0
        </Button>
        <Button {...big} fz={20} onClick={onSubmit} loading={busy} disabled={pin.length < PIN_MIN}>
          OK
        </Button>
      </SimpleGrid>
    </>
  );
}

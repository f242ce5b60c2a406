// The Stafflane mark (the same drawing as public/icons/icon.svg) with the name beside it.
import { Group, Text } from '@mantine/core';
import { BRAND_COLOUR } from '../theme';

export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 512 512" aria-hidden="true" focusable="false">
      <rect width="512" height="512" rx="112" fill={BRAND_COLOUR} />
      <path
        d="M338 172c-18-26-50-40-86-40-52 0-88 28-88 68 0 92 186 54 186 142 0 42-40 72-96 72-40 0-74-16-94-44"
        fill="none"
        stroke="#fff"
        strokeWidth="52"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Logo({ size = 32, colour = BRAND_COLOUR }: { size?: number; colour?: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <LogoMark size={size} />
      <Text component="span" fw={700} fz={size * 0.6} c={colour}>
        Stafflane
      </Text>
    </Group>
  );
}

// Stafflane's look: a calm deep blue, the system font, generous radii.
import { createTheme, DEFAULT_THEME, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

// Shade 9 is the brand colour of the icon and the manifest (#1d3f8f).
const brand: MantineColorsTuple = [
  '#edf1fa',
  '#d9e1f2',
  '#b0c1e4',
  '#84a0d6',
  '#5f84ca',
  '#4772c3',
  '#3a68c0',
  '#2c57a9',
  '#234c97',
  '#1d3f8f',
];

/**
 * Shades 8 and 9 of green, orange and red are words' colours (an approved amount, a flag, a day
 * off): Mantine's are 3.5–4.4:1 on white, these at least 5:1 (WCAG 2.2 AA's 4.5:1 for small text).
 */
function darkerWords(name: 'green' | 'orange' | 'red', eight: string, nine: string): MantineColorsTuple {
  const shades = [...DEFAULT_THEME.colors[name]];
  shades[8] = eight;
  shades[9] = nine;
  return shades as unknown as MantineColorsTuple;
}

export const BRAND_COLOUR = brand[9];
export const BRAND_DEEP = '#132c66';

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 8,
  colors: {
    brand,
    green: darkerWords('green', '#267a37', '#1f6b30'),
    orange: darkerWords('orange', '#c2410c', '#a8380a'),
    red: darkerWords('red', '#c92a2a', '#b02525'),
  },
  defaultRadius: 'md',
  fontFamily: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
  components: {
    // A table wider than a phone scrolls sideways: its frame takes the keyboard's focus, so the
    // arrow keys can scroll it too (axe: scrollable-region-focusable). A plain object, not
    // Table.ScrollContainer.extend: naming the component here put Table and ScrollArea into the
    // sign-in page's download (+22 KB brotli, 8 more files).
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
  },
});

/**
 * WCAG 2.2 AA contrast (4.5:1) for the quiet words: dimmed text is gray 7, a placeholder gray 6
 * darkened (5.3:1 on white), and the text of the light variants (badges, light buttons, alerts)
 * is each colour's darkest shade, darkened further (yellow and orange shade 9 are still too light
 * on their tinted background); outline badges and buttons and the filled buttons of every colour
 * but the brand's are darker too, for white around them and their white text.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': resolved.colors.gray[7] ?? DEFAULT_THEME.colors.gray[7],
    '--mantine-color-placeholder': `color-mix(in srgb, ${resolved.colors.gray[6] ?? DEFAULT_THEME.colors.gray[6]}, black 25%)`,
    ...Object.fromEntries(
      Object.entries(resolved.colors).flatMap(([name, shades]) => [
        [`--mantine-color-${name}-light-color`, `color-mix(in srgb, ${shades[9]}, black 45%)`],
        // White on a filled button (Approve in green, Decline in red) needs a darker shade too.
        ...(name === 'brand'
          ? []
          : [
              [`--mantine-color-${name}-filled`, `color-mix(in srgb, ${shades[9]}, black 25%)`],
              [`--mantine-color-${name}-outline`, `color-mix(in srgb, ${shades[9]}, black 25%)`],
              [`--mantine-color-${name}-filled-hover`, `color-mix(in srgb, ${shades[9]}, black 40%)`],
            ]),
      ]),
    ),
  },
  dark: {},
});

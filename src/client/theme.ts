// Stafflane's look: a calm deep blue, the system font, generous radii.
import { createTheme, type MantineColorsTuple } from '@mantine/core';

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

export const BRAND_COLOUR = brand[9];
export const BRAND_DEEP = '#132c66';

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 8,
  colors: { brand },
  defaultRadius: 'md',
  fontFamily: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
});

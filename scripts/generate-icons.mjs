// Renders the app icons in public/icons from one drawing with the machine's Chromium, so the
// committed PNGs can be regenerated after a change of mark or colour: `node scripts/generate-icons.mjs`.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'public/icons');
const brand = '#1d3f8f';
const mark = 'M338 172c-18-26-50-40-86-40-52 0-88 28-88 68 0 92 186 54 186 142 0 42-40 72-96 72-40 0-74-16-94-44';

// `rounded`: the usual icon with transparent corners. Maskable and Apple icons are full-bleed
// squares that the platform crops itself, with the mark kept inside the central safe zone.
function svg({ rounded, scale = 1 }) {
  const transform = scale === 1 ? '' : ` transform="translate(256 256) scale(${scale}) translate(-256 -256)"`;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">',
    `<rect width="512" height="512"${rounded ? ' rx="112"' : ''} fill="${brand}"/>`,
    `<path${transform} d="${mark}" fill="none" stroke="#fff" stroke-width="52" stroke-linecap="round" stroke-linejoin="round"/>`,
    '</svg>',
  ].join('');
}

const outputs = [
  { file: 'icon-192.png', size: 192, drawing: svg({ rounded: true }) },
  { file: 'icon-512.png', size: 512, drawing: svg({ rounded: true }) },
  { file: 'icon-maskable-512.png', size: 512, drawing: svg({ rounded: false, scale: 0.78 }) },
  { file: 'apple-touch-icon-180.png', size: 180, drawing: svg({ rounded: false, scale: 0.86 }) },
];

fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, 'icon.svg'), `${svg({ rounded: true })}\n`);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const { file, size, drawing } of outputs) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const sized = drawing.replace('width="512" height="512"', `width="${size}" height="${size}"`);
    await page.setContent(`<!doctype html><html><body style="margin:0">${sized}</body></html>`);
    await page.screenshot({ path: path.join(out, file), omitBackground: true });
    await page.close();
    console.log(`public/icons/${file}`);
  }
} finally {
  await browser.close();
}

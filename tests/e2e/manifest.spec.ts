// The web app manifest: served as is at /manifest.webmanifest, linked from the page, with
// real icons and the three shortcuts.
import { expect, test } from './support/fixtures';

type Manifest = {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
  shortcuts: { name: string; url: string }[];
};

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test('the manifest is served with the app identity, icons and shortcuts', async ({ page, request }) => {
  await page.goto('/login');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');

  const response = await request.get('/manifest.webmanifest');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await response.json()) as Manifest;
  expect(manifest).toMatchObject({ name: 'Stafflane', start_url: '/', scope: '/', display: 'standalone' });
  expect(manifest.short_name).toBeTruthy();
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.shortcuts).toEqual([
    expect.objectContaining({ name: 'Request leave', url: '/leave-and-absences/request' }),
    expect.objectContaining({ name: 'Approvals', url: '/leave-and-absences/list?status=needApproval&show_relevant_to_me=1' }),
    // My Rota Shifts opens with the time clock's card on top, offline too.
    expect.objectContaining({ name: 'Clock in', url: '/rotas/shifts' }),
  ]);

  const wanted = [
    { sizes: '192x192', purpose: 'any' },
    { sizes: '512x512', purpose: 'any' },
    { sizes: '512x512', purpose: 'maskable' },
  ];
  for (const { sizes, purpose } of wanted) {
    const icon = manifest.icons.find((candidate) => candidate.sizes === sizes && (candidate.purpose ?? 'any') === purpose);
    expect(icon, `${sizes} ${purpose} icon`).toBeDefined();
    const image = await request.get(icon?.src ?? '');
    expect(image.headers()['content-type']).toBe('image/png');
    const [width, height] = sizes.split('x').map(Number);
    expect(pngSize(await image.body())).toEqual({ width, height });
  }
});

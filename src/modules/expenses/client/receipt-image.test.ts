import { describe, expect, it } from 'vitest';
import { jpegName, scaledSize } from './receipt-image';

describe('receipt photos made small on the device', () => {
  it('brings the longest side down to 2,000 px and keeps the shape', () => {
    expect(scaledSize(4032, 3024)).toEqual({ width: 2000, height: 1500 });
    expect(scaledSize(3000, 4000)).toEqual({ width: 1500, height: 2000 });
  });

  it('never enlarges a small picture', () => {
    expect(scaledSize(800, 600)).toEqual({ width: 800, height: 600 });
  });

  it('names the result as a JPEG', () => {
    expect(jpegName('IMG_2041.HEIC')).toBe('IMG_2041.jpg');
    expect(jpegName('receipt')).toBe('receipt.jpg');
  });
});

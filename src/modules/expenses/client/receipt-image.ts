// Receipts are made small on the device before they are sent or queued: a photo is drawn again
// with its longest side at most 2,000 px and kept as JPEG; a PDF goes as it is. A picture the
// browser cannot decode (HEIC on most desktops) goes as it is too: the server accepts it.

export const RECEIPT_MAX_SIDE = 2000;
export const RECEIPT_JPEG_QUALITY = 0.85;

/** The drawn size: the longest side no more than `max`, never enlarged. */
export function scaledSize(width: number, height: number, max = RECEIPT_MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** "IMG_2041.HEIC" → "IMG_2041.jpg". */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]+$/, '') || 'receipt';
  return `${base}.jpg`;
}

export async function prepareReceipt(file: File): Promise<File> {
  if (!file.type.startsWith('image/') || typeof createImageBitmap !== 'function') return file;
  const bitmap = await createImageBitmap(file).catch(() => null);
  if (!bitmap) return file;
  const size = scaledSize(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) return file;
  // JPEG has no transparency: a white page behind the receipt.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, size.width, size.height);
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', RECEIPT_JPEG_QUALITY));
  if (!blob) return file;
  return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
}

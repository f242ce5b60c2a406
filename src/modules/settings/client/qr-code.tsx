// A QR code drawn as one SVG path, for an authenticator app to scan. Loaded with the set-up
// step only (qrcode-generator).
import qrcode from 'qrcode-generator';

export default function QrCode({ text, label, size = 192 }: { text: string; label: string; size?: number }) {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const count = qr.getModuleCount();
  const margin = 4;
  let path = '';
  for (let row = 0; row < count; row++)
    for (let col = 0; col < count; col++) if (qr.isDark(row, col)) path += `M${col + margin} ${row + margin}h1v1h-1z`;
  const extent = count + margin * 2;
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${extent} ${extent}`} shapeRendering="crispEdges">
      <rect width={extent} height={extent} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

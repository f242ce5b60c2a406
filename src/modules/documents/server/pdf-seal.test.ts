import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { signatureFromPlaceholder } from './pdf-seal';

const octets = (hex: string) =>
  forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.OCTETSTRING, false, forge.util.hexToBytes(hex));
const placeholder = (asn: forge.asn1.Asn1, size: number) => forge.util.bytesToHex(forge.asn1.toDer(asn).getBytes()).padEnd(size, '0');

describe('the signature inside a placeholder', () => {
  it('keeps a signature whose last bytes are zeros, and drops only the padding after it', () => {
    // About one seal in 256 ends in a zero byte; trimming the padding by its zeros cut it short.
    const signature = octets('8f3a0100');
    const read = signatureFromPlaceholder(placeholder(signature, 64));
    expect(forge.util.bytesToHex(read.value as string)).toBe('8f3a0100');
  });

  it('reads a signature that fills the placeholder exactly', () => {
    const read = signatureFromPlaceholder(placeholder(octets('ff'), 6));
    expect(forge.util.bytesToHex(read.value as string)).toBe('ff');
  });
});

// The seal of a completed document: a PAdES-style PDF digital signature (adbe.pkcs7.detached,
// ETSI.CAdES.detached subfilter) over every byte of the file except the signature itself, made
// with the company's sealing certificate. Any later change to the file breaks it.
import { SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { P12Signer } from '@signpdf/signer-p12';
import { SignPdf } from '@signpdf/signpdf';
import forge from 'node-forge';
import type { SealCertificateInfo } from '../documents.contract';
import { PDFDict, PDFDocument, PDFHexString, PDFName } from 'pdf-lib';

export type SealCertificate = { p12: Buffer; passphrase: string };

const UTF8 = forge.asn1.Type.UTF8 as number;

/** A self-signed sealing certificate for the company, valid for ten years, as a PKCS#12 bundle. */
export function generateSealCertificate(input: { companyName: string; passphrase: string }): SealCertificate {
  const keys = forge.pki.rsa.generateKeyPair({ bits: 2048, e: 0x10001 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = `01${forge.util.bytesToHex(forge.random.getBytesSync(15))}`;
  cert.validity.notBefore = new Date(Date.now() - 24 * 3600 * 1000);
  cert.validity.notAfter = new Date(Date.now() + 10 * 365 * 24 * 3600 * 1000);
  // The names as UTF-8 strings: a PrintableString holds one byte a character, so "Dŵr Gwŷn Cyf."
  // made a certificate that could not be read back.
  const subject = [
    { name: 'commonName', value: `${input.companyName.slice(0, 48)} document seal`, valueTagClass: UTF8 },
    { name: 'organizationName', value: input.companyName.slice(0, 64), valueTagClass: UTF8 },
    { name: 'countryName', value: 'GB' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(keys.privateKey, [cert], input.passphrase, { algorithm: '3des' });
  return { p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'), passphrase: input.passphrase };
}

/** A name's value as text: forge reads UTF8String values back as their UTF-8 bytes. */
const fieldText = (field: forge.pki.CertificateField) =>
  (field.valueTagClass as number | undefined) === UTF8 ? forge.util.decodeUtf8(String(field.value)) : String(field.value);
const nameOf = (attributes: forge.pki.CertificateField[]) =>
  attributes.map((field) => `${field.shortName ?? field.name}=${fieldText(field)}`).join(', ');

/** What a PKCS#12 file holds, or null when it cannot be opened with the passphrase or lacks a certificate and its key. */
export function describeSealCertificate(certificate: SealCertificate): SealCertificateInfo | null {
  try {
    const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(certificate.p12.toString('binary')), certificate.passphrase);
    const cert = p12.getBags({ bagType: forge.pki.oids.certBag! })[forge.pki.oids.certBag!]?.[0]?.cert;
    const keys = [
      ...(p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag! })[forge.pki.oids.pkcs8ShroudedKeyBag!] ?? []),
      ...(p12.getBags({ bagType: forge.pki.oids.keyBag! })[forge.pki.oids.keyBag!] ?? []),
    ];
    if (!cert || !keys.some((bag) => bag.key)) return null;
    const subject = nameOf(cert.subject.attributes);
    const issuer = nameOf(cert.issuer.attributes);
    return {
      subject,
      issuer,
      valid_from: cert.validity.notBefore.toISOString(),
      valid_to: cert.validity.notAfter.toISOString(),
      generated: subject === issuer && / document seal(,|$)/.test(subject),
    };
  } catch {
    return null;
  }
}

/**
 * The placeholder writes the seal's name and reason as one-byte strings, so a viewer's signature
 * panel showed "Dŵr" as "Dur": they are rewritten as Unicode text strings.
 */
function unicodeSignatureText(document: PDFDocument, fields: Record<'Name' | 'Reason', string>): void {
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type')) !== PDFName.of('Sig')) continue;
    for (const [key, value] of Object.entries(fields)) object.set(PDFName.of(key), PDFHexString.fromText(value));
  }
}

/** Seals a PDF: a signature placeholder is added, then filled with a detached CMS signature. */
export async function sealPdf(
  pdf: Uint8Array,
  input: { certificate: SealCertificate; companyName: string; reason: string },
): Promise<Buffer> {
  const document = await PDFDocument.load(pdf);
  pdflibAddPlaceholder({
    pdfDoc: document,
    reason: input.reason,
    contactInfo: '',
    name: `${input.companyName} document seal`,
    location: 'United Kingdom',
    signatureLength: 8192,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    appName: 'Stafflane',
  });
  unicodeSignatureText(document, { Name: `${input.companyName} document seal`, Reason: input.reason });
  const withPlaceholder = Buffer.from(await document.save({ useObjectStreams: false }));
  const signer = new P12Signer(input.certificate.p12, { passphrase: input.certificate.passphrase });
  return new SignPdf().sign(withPlaceholder, signer);
}

/**
 * The CMS signature inside a signature placeholder's hex string. The placeholder is padded with
 * zeros after the DER, and the DER itself may end in a zero byte, so its own length says where it
 * ends: the padding is never trimmed by looking at the bytes.
 */
export function signatureFromPlaceholder(hex: string): forge.asn1.Asn1 {
  // node-forge takes this option; its type declarations only know the older `strict` flag.
  const fromDer = forge.asn1.fromDer as unknown as (bytes: string, options: { parseAllBytes: boolean }) => forge.asn1.Asn1;
  return fromDer(forge.util.hexToBytes(hex), { parseAllBytes: false });
}

export type SealCheck = { valid: boolean; coversWholeFile: boolean; signerName: string | null };

/**
 * Checks a sealed PDF: the ByteRange covers the whole file but the signature's own hex
 * string, and the PKCS#7 signature verifies over exactly those bytes.
 */
export function verifySealedPdf(pdf: Buffer): SealCheck {
  const text = pdf.toString('latin1');
  const byteRangeMatches = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  const last = byteRangeMatches.at(-1);
  if (!last) return { valid: false, coversWholeFile: false, signerName: null };
  const [a, b, c, d] = last.slice(1, 5).map(Number) as [number, number, number, number];
  const coversWholeFile = a === 0 && c + d === pdf.length && pdf[b] === 0x3c && pdf[c - 1] === 0x3e;
  const signed = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
  try {
    const message = forge.pkcs7.messageFromAsn1(
      signatureFromPlaceholder(pdf.subarray(b + 1, c - 1).toString('latin1')),
    ) as forge.pkcs7.PkcsSignedData & {
      rawCapture: { authenticatedAttributes: forge.asn1.Asn1[]; signature: string; digestAlgorithm: string };
    };
    const certificate = message.certificates[0];
    if (!certificate) return { valid: false, coversWholeFile, signerName: null };
    const attributes = message.rawCapture.authenticatedAttributes;
    // The message digest attribute must be the SHA-256 of the signed bytes.
    const digest = forge.md.sha256.create().update(signed.toString('binary')).digest().getBytes();
    const digestAttribute = attributes.find((attribute) => {
      const values = attribute.value as forge.asn1.Asn1[];
      return forge.asn1.derToOid(values[0]!.value as string) === forge.pki.oids.messageDigest!;
    });
    const attributeDigest = ((digestAttribute?.value as forge.asn1.Asn1[])[1]!.value as forge.asn1.Asn1[])[0]!.value as string;
    if (attributeDigest !== digest) return { valid: false, coversWholeFile, signerName: null };
    // The signature is over the DER of the authenticated attributes as a SET.
    const set = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attributes);
    const attributesDigest = forge.md.sha256.create().update(forge.asn1.toDer(set).getBytes());
    const publicKey = certificate.publicKey as forge.pki.rsa.PublicKey;
    const valid = publicKey.verify(attributesDigest.digest().getBytes(), message.rawCapture.signature);
    const commonName = certificate.subject.getField('CN') as forge.pki.CertificateField | null;
    return { valid, coversWholeFile, signerName: commonName ? fieldText(commonName) : null };
  } catch {
    return { valid: false, coversWholeFile, signerName: null };
  }
}

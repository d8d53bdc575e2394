// What a resume really is, by its first bytes: the name alone proves nothing.
import { RESUME_EXTENSIONS } from '@metrology/shared/rules';

export type ResumeType = 'pdf' | 'doc' | 'docx';

const PDF = Buffer.from('%PDF-');
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** pdf, doc (OLE2 compound file) or docx (a zip holding word/...); null for anything else. */
export function sniffResume(bytes: Buffer): ResumeType | null {
  if (bytes.subarray(0, PDF.length).equals(PDF)) return 'pdf';
  if (bytes.subarray(0, OLE2.length).equals(OLE2)) return 'doc';
  // A .docx names its parts in the zip's local headers, starting with [Content_Types].xml and word/document.xml.
  if (bytes.subarray(0, ZIP.length).equals(ZIP) && bytes.includes('word/')) return 'docx';
  return null;
}

/** The type the file name claims, from its extension. */
export function claimedType(fileName: string): ResumeType | null {
  const name = fileName.toLowerCase();
  const ext = RESUME_EXTENSIONS.find((e) => name.endsWith(e));
  return ext ? (ext.slice(1) as ResumeType) : null;
}

export const RESUME_MIME: Record<ResumeType, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

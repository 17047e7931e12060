import type { Static } from '@sinclair/typebox';
import type { Certificate, CertificateVerification } from '@institute/shared/schemas';
import type { CertificateRecord } from '../../repositories/certificates';

export const CERTIFICATE_TEXT = {
  notFound: 'Certificate not found.',
  codeNotFound: 'No certificate has this code. Check it against the certificate, or contact the institute.',
  notYours: 'You can only view your own certificates.',
  enrollmentNotFound: 'Enrollment not found.',
  sessionNotFound: 'Session not found.',
  notSeated: 'Only an enrolled student can complete a course: this enrollment is pending, withdrawn or transferred.',
  balanceDue: (due: string) => `A balance of ${due} is still due: the certificate is issued once it is paid.`,
  reason: 'Give the reason for revoking (3 to 500 characters).',
  alreadyRevoked: 'This certificate is already revoked.',
} as const;

type Institute = Static<typeof Certificate>['institute'];
const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

export function toCertificate(row: CertificateRecord, institute: Institute): Static<typeof Certificate> {
  return {
    id: row.id,
    enrollmentId: row.enrollmentId,
    number: row.number,
    code: row.code,
    studentName: row.studentName,
    program: row.programTitle,
    credential: row.credential,
    totalHours: row.totalHours,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    issuedAt: new Date(row.issuedAt).toISOString(),
    status: row.revokedAt ? 'revoked' : 'valid',
    revokedAt: iso(row.revokedAt),
    revokeReason: row.revokeReason,
    institute: { name: institute.name, address: institute.address, phone: institute.phone, email: institute.email },
  };
}

/** Only what a stranger holding the code may learn: the name, the program, the date and the status. */
export function toVerification(row: CertificateRecord, instituteName: string): Static<typeof CertificateVerification> {
  return {
    number: row.number,
    studentName: row.studentName,
    program: row.programTitle,
    issuedAt: new Date(row.issuedAt).toISOString(),
    status: row.revokedAt ? 'revoked' : 'valid',
    revokedAt: iso(row.revokedAt),
    institute: { name: instituteName },
  };
}

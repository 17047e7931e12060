export type EnrollmentStatus = 'pending' | 'enrolled' | 'paid_in_full' | 'withdrawn' | 'transferred' | 'completed';

/** Why a seat cannot be held; the payment layer turns each into its sentence. */
export type SeatRefusal = 'missing' | 'cancelled' | 'closed' | 'deadline' | 'full';

export type HoldResult =
  | { ok: true; enrollmentId: string; sessionId: string; expiresAt: Date | null; seated: boolean; created: boolean }
  | { ok: false; refusal: SeatRefusal };

export interface EnrollmentEventRecord {
  status: EnrollmentStatus;
  at: Date;
  byId: string | null;
  byUsername: string | null;
  note: string | null;
}

export interface EnrollmentRow {
  id: string;
  sessionId: string | null;
  programId: string | null;
  /** The session's first day (YYYY-MM-DD); null without a session. */
  startsOn: string | null;
  title: string;
  userId: string;
  username: string;
  email: string;
  status: EnrollmentStatus;
  amountPaidCents: number;
  balanceDueCents: number;
  agreementVersion: number | null;
  acceptedAt: Date | null;
  createdAt: Date;
  history: EnrollmentEventRecord[];
}

export type TransferRefusal = 'missing' | 'not-seated' | 'same-session' | 'other-program' | 'cancelled' | 'full' | 'already-there';

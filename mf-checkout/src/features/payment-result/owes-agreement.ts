import { agreementApi } from '@institute/shared/api';

/**
 * Whether the signed-in student still has to accept the current enrollment agreement. Asked after a 422, since the
 * server refuses a seat with that status both for an unaccepted agreement (the order stays open) and for payments it
 * rejects for good: only the first is something the student can put right on this page. An unanswered question
 * reads as "no", so the page keeps its usual outcome.
 */
export async function owesAgreement(): Promise<boolean> {
  try {
    const [current, mine] = await Promise.all([agreementApi.current(), agreementApi.mine()]);
    return Boolean(current) && mine?.version !== current.version;
  } catch {
    return false;
  }
}

/** Advising slots (issue 31): the types of the advising schemas the pages share with the API. */
import type { Static } from '@sinclair/typebox';
import type * as Schemas from '../schemas';

export type AdvisingSlot = Static<typeof Schemas.AdvisingSlot>;
export type AdvisingSlotList = Static<typeof Schemas.AdvisingSlotList>;
export type AdvisingBookingInput = Static<typeof Schemas.AdvisingBookingBody>;
export type AdvisingBooked = Static<typeof Schemas.AdvisingBooked>;
export type AdvisingBookingView = Static<typeof Schemas.AdvisingBookingView>;
export type AdvisingSlotInput = Static<typeof Schemas.AdvisingSlotBody>;
export type AdminAdvisingSlot = Static<typeof Schemas.AdminAdvisingSlot>;
export type AdminAdvisingSlotList = Static<typeof Schemas.AdminAdvisingSlotList>;
export type AdvisingSlotCancelled = Static<typeof Schemas.AdvisingSlotCancelled>;

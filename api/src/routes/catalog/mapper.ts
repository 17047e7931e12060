import type { Static } from '@sinclair/typebox';
import { CARD_EXCERPT_WORDS, excerptWords, stripMarkup } from '@institute/shared/rules';
import type { Program, ProgramBody, ProgramCard } from '@institute/shared/schemas';
import { badRequest } from '../../lib/http-errors';
import { toPublicUrl, toStoredPath } from '../../lib/media-url';
import { priceToCents } from '../../lib/money';
import { fieldLabel } from '../../lib/validation-message';
import { plainText, richContent, richText } from '../../lib/sanitize';
import type { NextSessionRow } from '../../repositories/class-sessions';
import type { ProgramExtras, ProgramFields, ProgramKind, ProgramRecord } from '../../repositories/programs';

/** No rounding: the admin sees what would have been changed and types the price they mean. */
export const PRICE_DECIMALS_MESSAGE = 'Price must be in dollars with at most 2 decimals, e.g. 650 or 650.50 (0 makes it free).';

const REQUIRED_TEXT = ['title', 'duration', 'totalHours', 'credential', 'preRequisite', 'certification'] as const;

/** Request body -> what is stored: markup sanitised, text stripped, money in cents, own URLs as paths. */
export function toProgramInput(body: Static<typeof ProgramBody>, publicUrl: string): ProgramFields & ProgramExtras {
  const text = {} as Record<(typeof REQUIRED_TEXT)[number], string>;
  for (const field of REQUIRED_TEXT) {
    text[field] = plainText(body[field]);
    if (text[field] === '') throw badRequest(`${fieldLabel(field)} must not be empty.`);
  }
  const priceCents = priceToCents(body.price);
  if (priceCents === null) throw badRequest(PRICE_DECIMALS_MESSAGE);
  const input: ProgramFields & ProgramExtras = {
    ...text,
    imgUrl: toStoredPath(publicUrl, body.imgUrl),
    priceCents,
  };
  if (body.description !== undefined) input.description = richText(body.description);
  if (body.content !== undefined) input.content = richContent(body.content);
  if (body.CourseDuration !== undefined) input.calendarLength = plainText(body.CourseDuration.calendarLength ?? '') || null;
  if (body.category !== undefined) input.category = plainText(body.category) || null;
  if (body.featured !== undefined) input.featured = body.featured;
  if (body.introVideoUrl !== undefined) input.introVideoUrl = body.introVideoUrl || null;
  return input;
}

/** Stored row -> the spec's shape (`_id`, dollars, absolute media URLs; quick programs add `prerequisite`). */
export function toProgram(row: ProgramRecord, kind: ProgramKind, publicUrl: string): Static<typeof Program> {
  return {
    _id: row.id,
    title: row.title,
    imgUrl: toPublicUrl(publicUrl, row.imgUrl),
    price: row.priceCents / 100,
    duration: row.duration,
    totalHours: row.totalHours,
    credential: row.credential,
    preRequisite: row.preRequisite,
    ...(kind === 'quick_program' ? { prerequisite: row.preRequisite } : {}),
    description: row.description,
    content: row.content,
    certification: row.certification,
    ...(row.calendarLength ? { CourseDuration: { calendarLength: row.calendarLength } } : {}),
    ...(row.category ? { category: row.category } : {}),
    featured: row.featured,
    ...(row.introVideoUrl ? { introVideoUrl: row.introVideoUrl } : {}),
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/** What a list card shows: no content, the description as a plain-text excerpt (the long texts are most of the bytes). */
export function toProgramCard(
  row: ProgramRecord, kind: ProgramKind, publicUrl: string, next?: NextSessionRow,
): Static<typeof ProgramCard> {
  const { content: _content, ...card } = toProgram(row, kind, publicUrl);
  return {
    ...card,
    description: excerptWords(stripMarkup(card.description), CARD_EXCERPT_WORDS),
    ...(next ? { nextSession: { startsOn: next.startsOn, seatsLeft: next.seatsLeft } } : {}),
  };
}

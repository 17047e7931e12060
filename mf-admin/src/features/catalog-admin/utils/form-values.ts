import type { Course, CourseInput } from '@institute/shared/contract';
import type { FormValues, RequiredField } from '../types';
import { joinContent } from './rich-text-values';

/** In the form's order; the record makes leaving out (or inventing) a field the API requires a compile error. */
const REQUIRED: Record<RequiredField, true> = {
  title: true, imgUrl: true, price: true, duration: true, totalHours: true, credential: true, preRequisite: true, certification: true,
};
const REQUIRED_FIELDS = Object.keys(REQUIRED) as RequiredField[];

export const EMPTY_VALUES: FormValues = {
  title: '', imgUrl: '', price: '', duration: '', totalHours: '', credential: '', preRequisite: '', certification: '',
  description: '', content: '', introVideoUrl: '',
};

/** Edit mode: the item's fields as text; a content array becomes one HTML list, one item a list item. */
export function toFormValues(item: Course): FormValues {
  return {
    title: item.title ?? '',
    imgUrl: item.imgUrl ?? '',
    price: item.price === undefined || item.price === null ? '' : String(item.price),
    duration: item.duration ?? '',
    totalHours: item.totalHours ?? '',
    credential: item.credential ?? '',
    preRequisite: item.preRequisite ?? '',
    certification: item.certification ?? '',
    description: item.description ?? '',
    content: Array.isArray(item.content) ? joinContent(item.content) : (item.content ?? ''),
    introVideoUrl: item.introVideoUrl ?? '',
  };
}

/** Names of required fields left blank (or a price that is not a number of at least zero). */
export function missingFields(values: FormValues): string[] {
  return REQUIRED_FIELDS.filter((field) => {
    if (field === 'price') return values.price.trim() === '' || !(Number(values.price) >= 0);
    return values[field].trim() === '';
  });
}

/** Fields of the entity this form does not edit; carried over on edit so a save never wipes them. */
const KEPT = ['featured', 'category', 'CourseDuration'] as const;

/** The body for POST/PUT: only the entity's own fields, never server bookkeeping such as timestamps. */
export function toInput(values: FormValues, original?: Course | null): CourseInput {
  const kept: Partial<CourseInput> = {};
  for (const key of KEPT) {
    if (original?.[key] !== undefined) Object.assign(kept, { [key]: original[key] });
  }
  return {
    ...kept,
    title: values.title.trim(),
    imgUrl: values.imgUrl.trim(),
    price: Number(values.price),
    duration: values.duration.trim(),
    totalHours: values.totalHours.trim(),
    credential: values.credential.trim(),
    preRequisite: values.preRequisite.trim(),
    certification: values.certification.trim(),
    description: values.description,
    content: values.content,
    // '' removes the video; the API accepts https URLs only.
    introVideoUrl: values.introVideoUrl.trim(),
  };
}

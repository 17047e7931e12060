import type { CatalogPageParams } from '@institute/shared/api';
import type { CatalogCardPage, Course, CourseInput, MessageResponse } from '@institute/shared/contract';

/** Courses and quick programs share one shape, so one section serves both; a kind holds what differs. */
export interface CatalogKind {
  id: 'courses' | 'quick-programs';
  noun: string;
  nounLower: string;
  plural: string;
  queryKey: readonly string[];
  api: {
    /** One page of the list, as cards (the table shows no long texts). */
    cards(params: CatalogPageParams, signal?: AbortSignal): Promise<CatalogCardPage>;
    /** The whole item, for its edit form. */
    get(id: string, signal?: AbortSignal): Promise<Course>;
    create(body: CourseInput): Promise<Course>;
    update(id: string, body: CourseInput): Promise<Course>;
    remove(id: string): Promise<MessageResponse>;
  };
  /** The spec limits the course list to about 24rem and lets it scroll. */
  scrollList: boolean;
  messages: { fetch: string; save: string; remove: string };
}

/** The fields the API requires of a course or quick program (its `ProgramBody` schema), read off the contract's type. */
export type RequiredField = { [K in keyof CourseInput]-?: undefined extends CourseInput[K] ? never : K }[keyof CourseInput];

/** The form's fields, as the text the inputs hold. */
export type FormValues = Record<RequiredField | 'description' | 'content' | 'introVideoUrl', string>;

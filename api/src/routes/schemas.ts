import { ErrorBody } from '@institute/shared/schemas';

/** What only the API's route declarations need; the shapes themselves live in `@institute/shared/schemas`. */
export function errors(...codes: number[]) {
  return Object.fromEntries(codes.map((code) => [code, ErrorBody]));
}

export const bearer = [{ bearerAuth: [] as string[] }];

import { Type } from '@sinclair/typebox';

/** Schemas every resource shares. */
export const ErrorBody = Type.Object({ error: Type.String(), message: Type.String() });

export const Message = Type.Object({ message: Type.String() });

/** Ids are validated in the handler (not here) so that a malformed id is a 404, not a 400. */
export const IdParams = Type.Object({ id: Type.String() });

export const MEDIA_OR_HTTP_URL = '^(https?://[^\\s<>"\'`]+|/media/(seed|uploads)/[A-Za-z0-9_-]+\\.[a-z0-9]{2,5})$';

export const ImgUrl = Type.String({
  minLength: 1,
  maxLength: 2048,
  pattern: MEDIA_OR_HTTP_URL,
  description: 'An http(s) URL or a /media/ path on this server',
});

/** A required one-line text: trimmed and stripped of markup on write. */
export const Line = (maxLength = 200) => Type.String({ minLength: 1, maxLength });

export function errors(...codes: number[]) {
  return Object.fromEntries(codes.map((code) => [code, ErrorBody]));
}

export const bearer = [{ bearerAuth: [] as string[] }];

import { isImageWidth, type ImageWidth } from '@institute/shared/rules';

/** What a delivery URL's transformation segments ask for; only the parameters the site uses are understood. */
export interface Transformation {
  /** auto: chosen from the Accept header; otherwise a fixed format; undefined: the URL's extension decides. */
  format?: 'auto' | 'avif' | 'webp' | 'jpg' | 'png';
  quality?: 'auto' | 'auto:best' | 'auto:good' | 'auto:eco' | 'auto:low' | number;
  width?: ImageWidth;
  crop?: 'limit' | 'scale' | 'fit' | 'fill';
}

export class TransformationError extends Error {
  override name = 'TransformationError';
}

const FORMATS = new Set(['auto', 'avif', 'webp', 'jpg', 'png']);
const QUALITIES = new Set(['auto', 'auto:best', 'auto:good', 'auto:eco', 'auto:low']);
const CROPS = new Set(['limit', 'scale', 'fit', 'fill']);

/**
 * Parses `f_auto,q_auto,c_limit,w_640` (one or more chained segments). Widths are those of IMAGE_WIDTHS only,
 * as a Cloudinary account with strict transformations allows only the derived images it lists: a URL cannot make
 * the host render and store an arbitrary size.
 */
export function parseTransformations(segments: string[]): Transformation {
  const result: Transformation = {};
  for (const parameter of segments.flatMap((segment) => segment.split(','))) {
    const [key, value = ''] = [parameter.slice(0, parameter.indexOf('_')), parameter.slice(parameter.indexOf('_') + 1)];
    if (key === 'f' && FORMATS.has(value)) result.format = value as Transformation['format'];
    else if (key === 'q' && QUALITIES.has(value)) result.quality = value as Transformation['quality'];
    else if (key === 'q' && /^\d{1,3}$/.test(value) && Number(value) >= 1 && Number(value) <= 100) result.quality = Number(value);
    else if (key === 'c' && CROPS.has(value)) result.crop = value as Transformation['crop'];
    else if (key === 'w' && /^\d+$/.test(value)) {
      const width = Number(value);
      if (!isImageWidth(width)) throw new TransformationError(`Transformation w_${value} is not allowed`);
      result.width = width;
    } else {
      throw new TransformationError(`Invalid transformation parameter ${parameter}`);
    }
  }
  return result;
}

/** A transformation segment holds only `key_value` parameters; the version (v123) and the public id do not. */
export const isTransformationSegment = (segment: string): boolean => /^[a-z]{1,3}_[^/]*$/.test(segment) && !/^v\d+$/.test(segment);

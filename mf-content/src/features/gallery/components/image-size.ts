import type { GalleryImage } from '@institute/shared/contract';

/** Used when an item has no stored dimensions: the image then sits in a box of this fixed ratio. */
export const FALLBACK_SIZE = { width: 800, height: 600 } as const;

export interface ImageSize {
  width: number;
  height: number;
  /** True when the real size is unknown and a fixed-ratio box must hold the space. */
  fixed: boolean;
}

const valid = (n: number | undefined): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;

export function imageSize(image: GalleryImage): ImageSize {
  if (valid(image.width) && valid(image.height)) return { width: image.width, height: image.height, fixed: false };
  return { ...FALLBACK_SIZE, fixed: true };
}

/** The description describes the picture; the title stands in when there is none. */
export const altText = (image: GalleryImage): string => image.description?.trim() || image.title;

/**
 * The widths every image is delivered in (docs/decisions/028). One fixed list for the site's srcset, the image
 * host's transformations and the API's variants: a variant is one of a few files per image, never a width a
 * request makes up, so variants cannot be used to fill a disk.
 */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 720, 800, 960, 1280, 1600, 1920] as const;

export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export const isImageWidth = (value: number): value is ImageWidth => (IMAGE_WIDTHS as readonly number[]).includes(value);

/** The widest variant, sent when a request names no width: never the uploaded original. */
export const DEFAULT_IMAGE_WIDTH: ImageWidth = 1600;

/** Cloudinary delivery path: /<cloud>/image/upload/[transformations/][v<version>/]<public id>.<ext> */
const CLOUDINARY_PATH = /^(\/[\w-]+\/image\/upload\/)(.+)$/;
// A leading segment made only of transformation parameters (w_640,c_limit...), as Cloudinary writes them.
const TRANSFORMATION_SEGMENT = /^[a-z]{1,3}_[^/]*$/;

/** Our API's own media: /media/seed/x.svg, /media/uploads/<uuid>.webp, on the API's origin. */
const MEDIA_PATH = /^\/media\/(seed|uploads)\/[A-Za-z0-9_-]+\.([a-z0-9]{2,5})$/;

export interface ImageSources {
  /** The image host's Cloudinary delivery origins (res.cloudinary.com, or the sandbox in development). */
  cloudinaryOrigins: readonly string[];
  /** The API's origin, where /media/ lives. */
  apiOrigin: string;
}

/** What a site's config says about where its images live (its `cloudinary` and `apiBaseUrl`). */
export interface ImageConfig {
  cloudinary?: { uploadBaseUrl?: string } | null;
  apiBaseUrl: string;
}

/** Where images can be resized at their source, read from the site's config. */
export function imageSourcesOf(config: ImageConfig): ImageSources {
  return {
    cloudinaryOrigins: config.cloudinary ? [cloudinaryDeliveryOrigin(config.cloudinary.uploadBaseUrl)] : ['https://res.cloudinary.com'],
    apiOrigin: parse(config.apiBaseUrl)?.origin ?? '',
  };
}

/**
 * Link previews (Open Graph) and search engines' structured data name this width: wide enough for a large preview
 * card (1200 px), a few hundred KB rather than a camera's original.
 */
export const SHARE_IMAGE_WIDTH: ImageWidth = 1280;

/** The image a page names for link previews and search engines: a sized variant where its host resizes, else as stored. */
export const shareImageUrl = (src: string, config: ImageConfig): string => imageUrlAt(src, SHARE_IMAGE_WIDTH, imageSourcesOf(config)) ?? src;

function parse(src: string): URL | null {
  try {
    return new URL(src);
  } catch {
    return null;
  }
}

/**
 * The URL of `src` at `width` px, or null when the image cannot be resized at its source (an SVG, a host that
 * is not ours). Cloudinary: f_auto,q_auto,c_limit,w_<n> replaces any transformation the stored URL carried.
 * Our media: ?w=<n>; the API picks AVIF or WebP from the Accept header.
 */
export function imageUrlAt(src: string, width: ImageWidth, sources: ImageSources): string | null {
  const url = parse(src);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return null;
  if (sources.cloudinaryOrigins.includes(url.origin)) {
    const match = CLOUDINARY_PATH.exec(url.pathname);
    if (!match) return null;
    const rest = match[2]!.split('/');
    while (rest.length > 1 && TRANSFORMATION_SEGMENT.test(rest[0]!)) rest.shift();
    if (/\.svg$/i.test(rest[rest.length - 1]!)) return null;
    return `${url.origin}${match[1]}f_auto,q_auto,c_limit,w_${width}/${rest.join('/')}`;
  }
  if (url.origin === sources.apiOrigin) {
    const match = MEDIA_PATH.exec(url.pathname);
    if (!match || match[2] === 'svg') return null;
    return `${url.origin}${url.pathname}?w=${width}`;
  }
  return null;
}

/** Real Cloudinary uploads to api.cloudinary.com and delivers from res.cloudinary.com; a stand-in does both. */
export function cloudinaryDeliveryOrigin(uploadBaseUrl: string | undefined): string {
  const upload = parse(uploadBaseUrl || 'https://api.cloudinary.com')?.origin ?? 'https://api.cloudinary.com';
  return upload === 'https://api.cloudinary.com' ? 'https://res.cloudinary.com' : upload;
}

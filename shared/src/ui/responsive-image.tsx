import { useRef, type CSSProperties } from 'react';
import { getConfig } from '../config';
import { IMAGE_WIDTHS, imageSourcesOf, imageUrlAt, type ImageSources, type ImageWidth } from '../rules/images';
import { useNearViewport } from './use-near-viewport';
import styles from './responsive-image.module.css';

export interface ResponsiveImageProps {
  src: string;
  alt: string;
  /** The box the image fills, in CSS pixels at its largest; with height it reserves the space (no layout shift). */
  width: number;
  height: number;
  /** How wide the image is drawn, as a media query list: the browser picks the width of the srcset from it. */
  sizes: string;
  /** The page's largest paint (a hero, the first card): fetched at once, first. Otherwise lazy. */
  priority?: boolean;
  /**
   * A list's later cards: no source until the page has loaded and the image is within half a screen of the
   * viewport, so they do not share the network with the LCP image (decision 057). A <noscript> copy is the image
   * without JavaScript.
   */
  defer?: boolean;
  /** The widest variant worth offering; a thumbnail needs no 1920 px file. */
  maxWidth?: number;
  className?: string;
  style?: CSSProperties;
}

/** The fallback src for a browser without srcset support: a width that suits most screens. */
const FALLBACK_WIDTH: ImageWidth = 800;

/** Where images can be resized at their source, read from the site's config (the same on the server and in the browser). */
export function imageSources(): ImageSources {
  return imageSourcesOf(getConfig());
}

/** src, srcset for an image resized at its source; src alone for one that cannot be (an SVG, another host). */
export function responsiveSources(src: string, maxWidth: number = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!) {
  const sources = imageSources();
  const widths = IMAGE_WIDTHS.filter((width) => width <= maxWidth);
  const candidates = widths.map((width) => [imageUrlAt(src, width, sources), width] as const);
  if (candidates.length === 0 || candidates.some(([url]) => url === null)) return { src };
  const fallback: ImageWidth = widths.includes(FALLBACK_WIDTH) ? FALLBACK_WIDTH : widths[widths.length - 1]!;
  return {
    src: imageUrlAt(src, fallback, sources)!,
    srcSet: candidates.map(([url, width]) => `${url} ${width}w`).join(', '),
  };
}

/**
 * Every image the site shows. Bytes follow the viewport: the image host (Cloudinary's f_auto,q_auto,w_<n>) or the
 * API (?w=<n>) sends AVIF or WebP at the width the browser picks from `sizes`; width and height hold the space;
 * below-the-fold images wait for the viewport (a list's later cards, `defer`, also for the page's load); the LCP
 * image is fetched first. The server's HTML and the browser's first render are the same markup.
 */
export function ResponsiveImage({ src, alt, width, height, sizes, priority = false, defer = false, maxWidth, className, style }: ResponsiveImageProps) {
  const { src: url, srcSet } = responsiveSources(src, maxWidth);
  const ref = useRef<HTMLImageElement>(null);
  const deferred = defer && !priority;
  const near = useNearViewport(ref, deferred);
  const waiting = deferred && !near;
  const image = (
    <img
      ref={ref}
      className={waiting ? [className, styles.waiting].filter(Boolean).join(' ') : className}
      style={style}
      src={waiting ? undefined : url}
      srcSet={waiting ? undefined : srcSet}
      sizes={srcSet && !waiting ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      decoding="async"
      {...(priority ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
    />
  );
  if (!deferred) return image;
  return (
    <>
      {image}
      <noscript>
        <img className={className} style={style} src={url} srcSet={srcSet} sizes={srcSet ? sizes : undefined} alt={alt}
          width={width} height={height} decoding="async" loading="lazy" />
      </noscript>
    </>
  );
}

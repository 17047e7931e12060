export type IntroVideo = { kind: 'iframe'; src: string } | { kind: 'video'; src: string } | { kind: 'none' };

const NONE: IntroVideo = { kind: 'none' };
const VIDEO_FILE = /\.(mp4|webm|ogv|ogg|m4v|mov)$/i;
const YOUTUBE_ID = /^[\w-]{6,20}$/;

function youtubeId(url: URL, host: string): string | null {
  if (host === 'youtu.be') return url.pathname.slice(1).split('/')[0] ?? null;
  if (host !== 'youtube.com' && host !== 'youtube-nocookie.com') return null;
  return url.searchParams.get('v') ?? url.pathname.match(/^\/(?:embed|shorts|live)\/([^/]+)/)?.[1] ?? null;
}

/**
 * Decides how an intro video URL can be shown. Only forms known to be embeddable become an iframe
 * (arbitrary pages usually refuse framing and would show a broken box); video files play natively;
 * anything else, including non-http schemes, yields 'none' so the page shows the course image.
 */
export function introVideo(raw: string | undefined): IntroVideo {
  const text = raw?.trim();
  if (!text) return NONE;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return NONE;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return NONE;
  const host = url.hostname.replace(/^(www|m)\./, '');

  const yt = youtubeId(url, host);
  if (yt !== null) return YOUTUBE_ID.test(yt) ? { kind: 'iframe', src: `https://www.youtube-nocookie.com/embed/${yt}` } : NONE;

  const vimeo = host === 'vimeo.com' ? url.pathname.match(/^\/(\d+)/)?.[1] : host === 'player.vimeo.com' ? url.pathname.match(/^\/video\/(\d+)/)?.[1] : undefined;
  if (vimeo) return { kind: 'iframe', src: `https://player.vimeo.com/video/${vimeo}` };

  if (VIDEO_FILE.test(url.pathname)) return { kind: 'video', src: url.href };
  return NONE;
}

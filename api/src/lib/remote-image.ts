import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/** Why a typed image URL was not fetched; the message is the admin's to read. */
export class RemoteImageError extends Error {
  override name = 'RemoteImageError';
}

export interface RemoteImageOptions {
  maxBytes: number;
  timeoutMs: number;
  /** host:port pairs fetched even on a private address (an intranet image host; the tests' local server). */
  allowPrivate: readonly string[];
  maxRedirects?: number;
}

export const REMOTE_IMAGE_TEXT = {
  notHttp: 'The image URL must start with http:// or https://.',
  privateAddress: 'The image URL points to a private or local network address, which the site does not fetch from.',
  unreachable: 'The image at that URL could not be downloaded. Check the address and try again.',
  tooManyRedirects: 'The image URL redirects too many times.',
  notImage: 'The address does not serve an image (PNG, JPEG, GIF or WebP).',
  tooLarge: (mb: number) => `The image at that URL is larger than ${mb} MB.`,
} as const;

/** Only ordinary public unicast addresses: no loopback, private, link-local (cloud metadata), CGNAT, multicast... */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

const hostKey = (url: URL) => `${url.hostname.replace(/^\[|\]$/g, '')}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;

/**
 * The address check sits in the socket's own name lookup, so the address connected to is the address checked
 * (a DNS answer that changes between a check and the connection cannot slip a private address in).
 */
function guardedLookup(allowed: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses as dns.LookupAddress[];
      const refused = list.find((entry) => !allowed && !isPublicAddress(entry.address));
      if (refused || list.length === 0) return callback(new RemoteImageError(REMOTE_IMAGE_TEXT.privateAddress), '', 4);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

interface Hop {
  status: number;
  location?: string;
  contentType: string;
  body?: Buffer;
}

function request(url: URL, options: RemoteImageOptions, signal: AbortSignal): Promise<Hop> {
  const allowed = options.allowPrivate.includes(hostKey(url));
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  // A literal address is connected to without a lookup, so it is checked here.
  if (net.isIP(literal) && !allowed && !isPublicAddress(literal)) return Promise.reject(new RemoteImageError(REMOTE_IMAGE_TEXT.privateAddress));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Hop>((resolve, reject) => {
    const req = client.get(url, { lookup: guardedLookup(allowed), signal, headers: { accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif' } }, (res) => {
      const status = res.statusCode ?? 0;
      const contentType = String(res.headers['content-type'] ?? '').toLowerCase();
      if (status >= 300 && status < 400) {
        res.resume();
        return resolve({ status, location: res.headers.location, contentType });
      }
      if (status !== 200) {
        res.resume();
        return resolve({ status, contentType });
      }
      if (!contentType.startsWith('image/')) {
        res.destroy();
        return reject(new RemoteImageError(REMOTE_IMAGE_TEXT.notImage));
      }
      const tooLarge = () => new RemoteImageError(REMOTE_IMAGE_TEXT.tooLarge(Math.round(options.maxBytes / 1024 / 1024)));
      if (Number(res.headers['content-length']) > options.maxBytes) {
        res.destroy();
        return reject(tooLarge());
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) {
          res.destroy();
          reject(tooLarge());
        } else chunks.push(chunk);
      });
      res.on('end', () => resolve({ status, contentType, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/**
 * Downloads an image an admin named by URL, once: http(s) only, every hop's address public (redirects followed by
 * hand, each checked the same way), an image content type, at most maxBytes. The caller still judges the bytes.
 */
export async function fetchRemoteImage(raw: string, options: RemoteImageOptions): Promise<Buffer> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RemoteImageError(REMOTE_IMAGE_TEXT.notHttp);
  }
  const signal = AbortSignal.timeout(options.timeoutMs);
  for (let hops = 0; hops <= (options.maxRedirects ?? 3); hops += 1) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RemoteImageError(REMOTE_IMAGE_TEXT.notHttp);
    let hop: Hop;
    try {
      hop = await request(url, options, signal);
    } catch (error) {
      if (error instanceof RemoteImageError) throw error;
      throw new RemoteImageError(REMOTE_IMAGE_TEXT.unreachable, { cause: error });
    }
    if (hop.body) return hop.body;
    if (!hop.location) throw new RemoteImageError(REMOTE_IMAGE_TEXT.unreachable);
    url = new URL(hop.location, url);
  }
  throw new RemoteImageError(REMOTE_IMAGE_TEXT.tooManyRedirects);
}

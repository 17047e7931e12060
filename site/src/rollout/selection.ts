import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { liveShellVersion, manifestUrlOf, readJson, type Registry } from '../deploy-folder';
import { sha384 } from '../html';
import { PREVIEW_LIFETIME_MS, verifyPreview, type PreviewClaim } from './preview-token';
import type { Rollout } from './rollout-file';

export type Why = 'live' | 'preview' | 'canary';
export interface VisitorChoice { version: string; why: Why }

/** What one visitor's browser runs: the registry it is given, why each module is at its version, and what was refused. */
export interface Selection {
  registry: Registry;
  choices: Record<string, VisitorChoice>;
  notices: Record<string, string>;
  /** The preview tokens that still hold, to keep in the visitor's cookie. */
  previews: string[];
  /** Some module is not the live version: pages prerendered or rendered with the live ones do not fit this visitor. */
  personal: boolean;
  canaryRunning: boolean;
}

export interface SelectionInput {
  registry: Registry;
  rollout: Rollout;
  visitorId?: string;
  previewTokens: string[];
  secret?: string;
  now?: number;
}

/** `/mf-catalog/1.2.0/mf-manifest.json` -> { dir: 'mf-catalog', version: '1.2.0' } (a CDN URL's path alike). */
export function versionOfManifest(url: string): { dir: string; version: string } | null {
  const [, dir, version] = new URL(url, 'http://site').pathname.split('/');
  return dir && version ? { dir, version } : null;
}

/** A published version's entry URL, its file and the federation name its manifest gives; null when it is not published. */
export function publishedEntry(root: string, dir: string, version: string): { url: string; file: string; name: string } | null {
  const folder = path.join(root, dir, version);
  if (!folder.startsWith(root + path.sep)) return null;
  const manifest = readJson<{ name?: string; metaData?: { remoteEntry?: { path?: string; name?: string } } }>(path.join(folder, 'mf-manifest.json'));
  if (!manifest?.name) return null;
  const entry = manifest.metaData?.remoteEntry;
  const rel = `${entry?.path ? `${entry.path}/` : ''}${entry?.name ?? 'remoteEntry.js'}`;
  const file = path.join(folder, rel);
  return existsSync(file) ? { url: `/${dir}/${version}/${rel}`, file, name: manifest.name } : null;
}

/** The live site a preview was checked against: the registry's versions and the shell's. */
export function liveFingerprint(root: string, registry: Registry): string {
  const live = Object.entries(registry).filter(([, v]) => typeof v === 'string').sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha256').update(JSON.stringify([live, liveShellVersion(root)])).digest('base64url').slice(0, 16);
}

/** A preview claim for a published version against today's live site (the preview script signs it). */
export function previewClaim(root: string, registry: Registry, remote: string, version: string, now = Date.now()): PreviewClaim {
  const live = manifestUrlOf(registry, remote);
  const dir = live && versionOfManifest(live)?.dir;
  if (!dir) throw new Error(`${remote} is not a module of this site`);
  const entry = publishedEntry(root, dir, version);
  if (!entry || entry.name !== remote) throw new Error(`${dir} ${version} is not published`);
  return { remote, dir, version, integrity: sha384(readFileSync(entry.file)), live: liveFingerprint(root, registry), expires: now + PREVIEW_LIFETIME_MS };
}

export const PREVIEW_MESSAGES = {
  off: 'Previews are off on this site. You are seeing the live version.',
  malformed: 'This preview link is not valid. You are seeing the live version.',
  tampered: 'This preview link is not valid. You are seeing the live version.',
  expired: 'This preview link has expired. You are seeing the live version.',
  unknown: 'This preview link names a module the site does not have. You are seeing the live version.',
  unpublished: 'This preview link names a version that is not published. You are seeing the live version.',
  changed: 'The site changed since this preview link was made: ask for a new link. You are seeing the live version.',
} as const;
export type PreviewProblem = keyof typeof PREVIEW_MESSAGES;

/** Checks a preview token against the deploy folder now: its claim, or why this browser gets the live version. */
export function checkPreview(root: string, registry: Registry, token: string, secret: string | undefined, now = Date.now()): { claim: PreviewClaim } | { problem: PreviewProblem; remote?: string } {
  if (!secret) return { problem: 'off' };
  const verified = verifyPreview(token, secret, now);
  if ('refused' in verified) return { problem: verified.refused };
  const { claim } = verified;
  const live = manifestUrlOf(registry, claim.remote);
  if (!live || versionOfManifest(live)?.dir !== claim.dir) return { problem: 'unknown', remote: claim.remote };
  const entry = publishedEntry(root, claim.dir, claim.version);
  if (!entry || entry.name !== claim.remote) return { problem: 'unpublished', remote: claim.remote };
  // The compatibility check ran against the live site of that moment; a new live version, or a folder rewritten
  // since, is not what was checked.
  if (claim.live !== liveFingerprint(root, registry) || sha384(readFileSync(entry.file)) !== claim.integrity) return { problem: 'changed', remote: claim.remote };
  return { claim };
}

/** Which hundredth of visitors this one is for a module: stable for the visitor, independent across modules. */
export function bucketOf(visitorId: string, remote: string): number {
  return createHash('sha256').update(`${visitorId}:${remote}`).digest().readUInt32BE(0) % 100;
}

function withModule(registry: Registry, remote: string, dir: string, manifest: string, integrity: Record<string, string>): Registry {
  const others = Object.entries(registry.integrity ?? {}).filter(([url]) => !url.startsWith(`/${dir}/`));
  return { ...registry, [remote]: manifest, integrity: Object.fromEntries([...others, ...Object.entries(integrity)]) };
}

/** The versions one visitor runs: a valid preview first, then a running canary (by the visitor's bucket), else live. */
export function selectVersions(root: string, input: SelectionInput): Selection {
  let registry = input.registry;
  const choices: Record<string, VisitorChoice> = {};
  const notices: Record<string, string> = {};
  const previews: string[] = [];
  const previewed = new Set<string>();
  for (const [remote, url] of Object.entries(input.registry)) {
    const live = typeof url === 'string' ? versionOfManifest(url) : null;
    if (live) choices[remote] = { version: live.version, why: 'live' };
  }
  for (const token of input.previewTokens) {
    const checked = checkPreview(root, input.registry, token, input.secret, input.now);
    if ('problem' in checked) {
      notices[checked.remote ?? 'preview'] = PREVIEW_MESSAGES[checked.problem];
      continue;
    }
    const { claim } = checked;
    const entry = publishedEntry(root, claim.dir, claim.version)!;
    registry = withModule(registry, claim.remote, claim.dir, `/${claim.dir}/${claim.version}/mf-manifest.json`, { [entry.url]: claim.integrity });
    choices[claim.remote] = { version: claim.version, why: 'preview' };
    previewed.add(claim.remote);
    previews.push(token);
  }
  const canaries = Object.entries(input.rollout.canaries).filter(([remote]) => remote in choices);
  for (const [remote, canary] of canaries) {
    if (previewed.has(remote) || !input.visitorId || bucketOf(input.visitorId, remote) >= canary.percent) continue;
    registry = withModule(registry, remote, canary.dir, canary.manifest, canary.integrity);
    choices[remote] = { version: canary.version, why: 'canary' };
  }
  return { registry, choices, notices, previews, personal: Object.values(choices).some((c) => c.why !== 'live'), canaryRunning: canaries.length > 0 };
}

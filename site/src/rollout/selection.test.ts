import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readRegistry } from '../deploy-folder';
import { sha384 } from '../html';
import { writeDeployFixture } from '../testing/deploy-fixture';
import { signPreview, verifyPreview } from './preview-token';
import { EMPTY_ROLLOUT, type Rollout } from './rollout-file';
import { bucketOf, checkPreview, previewClaim, selectVersions } from './selection';
import { addVersion } from './testing';

const SECRET = 'test-secret';
let site: ReturnType<typeof writeDeployFixture>;
beforeEach(() => {
  site = writeDeployFixture();
  addVersion(site.root, '2.0.0');
});
afterEach(() => site.remove());

const canary = (percent: number): Rollout => ({
  canaries: { mf_demo: { dir: 'mf-demo', version: '2.0.0', manifest: '/mf-demo/2.0.0/mf-manifest.json', percent, integrity: { '/mf-demo/2.0.0/remoteEntry.js': 'sha384-x' }, since: '2026-01-01T00:00:00Z' } },
  withdrawn: [],
});

describe('preview tokens', () => {
  it('a signed claim verifies; a changed payload or signature, another secret or a past expiry does not', () => {
    const claim = previewClaim(site.root, readRegistry(site.root), 'mf_demo', '2.0.0', 1000);
    const token = signPreview(claim, SECRET);
    expect(verifyPreview(token, SECRET, 2000)).toEqual({ claim });
    const [payload = '', signature = ''] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claim, version: '1.0.0' })).toString('base64url');
    expect(verifyPreview(`${forged}.${signature}`, SECRET, 2000)).toEqual({ refused: 'tampered' });
    expect(verifyPreview(`${payload}.${signature.slice(0, -2)}AA`, SECRET, 2000)).toEqual({ refused: 'tampered' });
    expect(verifyPreview(token, 'another secret', 2000)).toEqual({ refused: 'tampered' });
    expect(verifyPreview(payload, SECRET, 2000)).toEqual({ refused: 'malformed' });
    expect(verifyPreview(token, SECRET, claim.expires)).toEqual({ refused: 'expired' });
    expect(claim.expires - 1000).toBe(24 * 60 * 60 * 1000);
  });

  it('is refused for an unknown module, an unpublished version, a rewritten folder or a live site that moved on', () => {
    const registry = readRegistry(site.root);
    expect(() => previewClaim(site.root, registry, 'mf_other', '2.0.0')).toThrow('mf_other is not a module of this site');
    expect(() => previewClaim(site.root, registry, 'mf_demo', '3.0.0')).toThrow('mf-demo 3.0.0 is not published');
    const sign = (over: object = {}) => signPreview({ ...previewClaim(site.root, registry, 'mf_demo', '2.0.0'), ...over }, SECRET);
    expect(checkPreview(site.root, registry, sign(), SECRET)).toHaveProperty('claim.version', '2.0.0');
    expect(checkPreview(site.root, registry, sign(), undefined)).toEqual({ problem: 'off' });
    expect(checkPreview(site.root, registry, sign({ remote: 'mf_other' }), SECRET)).toEqual({ problem: 'unknown', remote: 'mf_other' });
    expect(checkPreview(site.root, registry, sign({ version: '3.0.0' }), SECRET)).toEqual({ problem: 'unpublished', remote: 'mf_demo' });
    const token = sign();
    writeFileSync(path.join(site.root, 'mf-demo/2.0.0/remoteEntry.js'), 'var mf_demo = { changed: true };\n');
    expect(checkPreview(site.root, registry, token, SECRET)).toEqual({ problem: 'changed', remote: 'mf_demo' });
    const moved = { ...registry, mf_demo: '/mf-demo/0.9.0/mf-manifest.json' };
    expect(checkPreview(site.root, moved, sign(), SECRET)).toMatchObject({ problem: expect.stringMatching(/changed|unknown/) });
  });
});

describe('selection', () => {
  it('live by default; a valid preview swaps the manifest and vouches for the previewed entry only', () => {
    const registry = readRegistry(site.root);
    expect(selectVersions(site.root, { registry, rollout: EMPTY_ROLLOUT, previewTokens: [], secret: SECRET })).toMatchObject({ choices: { mf_demo: { version: '1.0.0', why: 'live' } }, personal: false, canaryRunning: false });
    const token = signPreview(previewClaim(site.root, registry, 'mf_demo', '2.0.0'), SECRET);
    const chosen = selectVersions(site.root, { registry, rollout: canary(100), visitorId: 'v', previewTokens: [token], secret: SECRET });
    expect(chosen.choices.mf_demo).toEqual({ version: '2.0.0', why: 'preview' });
    expect(chosen.registry.mf_demo).toBe('/mf-demo/2.0.0/mf-manifest.json');
    expect(chosen.registry.integrity).toEqual({
      '/mf-demo/2.0.0/remoteEntry.js': sha384(readFileSync(path.join(site.root, 'mf-demo/2.0.0/remoteEntry.js'))),
    });
    expect(chosen.personal).toBe(true);
  });

  it('a refused preview leaves the live version and says why', () => {
    const registry = readRegistry(site.root);
    const chosen = selectVersions(site.root, { registry, rollout: EMPTY_ROLLOUT, previewTokens: ['abc.def'], secret: SECRET });
    expect(chosen).toMatchObject({ choices: { mf_demo: { why: 'live' } }, notices: { preview: 'This preview link is not valid. You are seeing the live version.' }, previews: [] });
    expect(chosen.registry).toEqual(registry);
  });

  it('a canary goes to about its share of visitors, the same ones each time, and never without a visitor id', () => {
    const registry = readRegistry(site.root);
    const ids = Array.from({ length: 1000 }, (_, i) => `visitor-${i}`);
    const pick = (id: string | undefined, percent: number) => selectVersions(site.root, { registry, rollout: canary(percent), visitorId: id, previewTokens: [] }).choices.mf_demo?.why;
    const canaryShare = ids.filter((id) => pick(id, 30) === 'canary').length;
    expect(canaryShare).toBeGreaterThan(250);
    expect(canaryShare).toBeLessThan(350);
    expect(ids.every((id) => pick(id, 30) === pick(id, 30))).toBe(true);
    // Raising the share keeps everyone who had it.
    expect(ids.filter((id) => pick(id, 30) === 'canary').every((id) => pick(id, 60) === 'canary')).toBe(true);
    expect(pick(undefined, 99)).toBe('live');
    expect(bucketOf('a', 'mf_demo')).toBe(bucketOf('a', 'mf_demo'));
  });
});

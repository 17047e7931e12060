const median = (values) => {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return null;
  const m = Math.floor(v.length / 2);
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
};

const audit = (lhr, id) => lhr.audits[id]?.numericValue;

function jsBytes(lhr) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  const js = items.filter((i) => i.resourceType === 'Script' || /javascript/.test(i.mimeType ?? ''));
  return { bytes: js.reduce((sum, i) => sum + (i.transferSize ?? 0), 0), count: js.length };
}

/** The page's own HTML response: bytes on the wire (gzip), headers included. */
function htmlBytes(lhr) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  return items.find((i) => i.resourceType === 'Document')?.transferSize ?? null;
}

/** The median of each metric over a page's runs, and what the median run's LCP element was. */
export function summarize(pathname, runs) {
  const pick = (fn) => median(runs.map(fn));
  const score = pick((l) => Math.round((l.categories.performance?.score ?? 0) * 100));
  const lcpRun = runs.find((l) => Math.round(l.categories.performance.score * 100) === score) ?? runs[0];
  return {
    path: pathname,
    lighthouse: runs[0].lighthouseVersion,
    score,
    seo: runs[0].categories.seo ? pick((l) => Math.round(l.categories.seo.score * 100)) : undefined,
    fcp: pick((l) => audit(l, 'first-contentful-paint')),
    lcp: pick((l) => audit(l, 'largest-contentful-paint')),
    tbt: pick((l) => audit(l, 'total-blocking-time')),
    cls: pick((l) => audit(l, 'cumulative-layout-shift')),
    si: pick((l) => audit(l, 'speed-index')),
    jsBytes: pick((l) => jsBytes(l).bytes),
    jsRequests: pick((l) => jsBytes(l).count),
    // Everything the page load fetched (Lighthouse's total byte weight), its HTML, and its element count.
    transferred: pick((l) => audit(l, 'total-byte-weight')),
    htmlBytes: pick(htmlBytes),
    elements: pick((l) => audit(l, 'dom-size')),
    lcpElement: lcpRun.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
  };
}

const ms = (x) => (x == null ? 'n/a' : x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${Math.round(x)} ms`);

const kb = (x) => (x == null ? 'n/a' : `${(x / 1024).toFixed(1)} KB`);

export function table(rows) {
  const header = ['path', 'score', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'SI', 'JS gz', 'JS files', 'transferred', 'HTML gz', 'elements'];
  const body = rows.map((r) => [r.path, r.score, r.seo ?? 'n/a', ms(r.fcp), ms(r.lcp), ms(r.tbt), r.cls?.toFixed(3),
    ms(r.si), kb(r.jsBytes), r.jsRequests, kb(r.transferred), kb(r.htmlBytes), r.elements ?? 'n/a']);
  const all = [header, ...body];
  const widths = header.map((_, c) => Math.max(...all.map((row) => String(row[c]).length)));
  return all.map((row) => row.map((cell, c) => String(cell).padEnd(widths[c])).join('  ').trimEnd()).join('\n');
}

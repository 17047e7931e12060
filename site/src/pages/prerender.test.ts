import { fillTemplate } from './prerender';
import { markRemoteSlot, SLOT_END, SLOT_START } from './remote-slot';

describe('the shell template filled for a route', () => {
  const template = '<!doctype html><html><head><meta charset=utf-8><title>Institute</title><meta name=description content="x">' +
    '<link rel=preload href=/config.json as=fetch crossorigin><link rel="preload" href="/remotes.json" as="fetch"></head>' +
    '<body><div id=root></div><script defer src="/shell/1/main.1.js"></script></body></html>';

  it('the head block in place of the title, the markup in the root, config after it; the rest byte for byte', () => {
    const html = fillTemplate(template, { head: '<!--page-head--><title>Home</title><!--/page-head-->', markup: '<main>hi</main>', siteData: '<script type="application/json" id="site-data">{}</script>' });
    expect(html).toBe('<!doctype html><html><head><meta charset=utf-8><!--page-head--><title>Home</title><!--/page-head-->' +
      '<link rel="preload" href="/remotes.json" as="fetch"></head>' +
      '<body><div id="root"><main>hi</main></div><script type="application/json" id="site-data">{}</script><script defer src="/shell/1/main.1.js"></script></body></html>');
  });

  it('refuses a template without an empty root element', () => {
    expect(() => fillTemplate('<html><body><div id="root">x</div></body></html>', { head: '', markup: '', siteData: '' })).toThrow(/no empty <div id="root"><\/div>/);
  });
});

describe('a remote slot marked for the server\'s page', () => {
  it('marks the inside of the slot, nested elements and all', () => {
    const markup = '<main><div class="a"><div data-remote-slot="mf_catalog/Page" class=slot><div><p>Loading</p></div><div title="<div>"></div></div><footer></footer></div></main>';
    expect(markRemoteSlot(markup, 'mf_catalog/Page')).toBe(
      `<main><div class="a"><div data-remote-slot="mf_catalog/Page" class=slot>${SLOT_START}<div><p>Loading</p></div><div title="<div>"></div>${SLOT_END}</div><footer></footer></div></main>`);
  });

  it('leaves markup without that slot as it is', () => {
    expect(markRemoteSlot('<div data-remote-slot="other"></div>', 'mf_catalog/Page')).toBe('<div data-remote-slot="other"></div>');
  });
});

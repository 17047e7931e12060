// The async boundary: shared singletons (React, the router) are negotiated before any of them is used.
//
// A page whose content the server rendered (decision 018) is whole without code, and inert until its module mounts:
// the code starts once the page's main image has arrived and painted, so that image does not wait behind script
// work on a slow phone (capped, so a slow image never holds the page's code back for long).
const MAX_WAIT_MS = 3000;

function afterMainImage(): Promise<void> {
  const image = document.querySelector<HTMLImageElement>('main img[fetchpriority="high"]');
  return new Promise((resolve) => {
    const next = () => requestAnimationFrame(() => setTimeout(resolve, 0));
    if (!image || image.complete) return next();
    image.addEventListener('load', next, { once: true });
    image.addEventListener('error', next, { once: true });
    setTimeout(next, MAX_WAIT_MS);
  });
}

const serverRendered = document.getElementById('ssr-state') !== null;
void (serverRendered ? afterMainImage() : Promise.resolve()).then(() => import(/* webpackChunkName: "bootstrap" */ './bootstrap'));

const { TestEnvironment } = require('jest-environment-jsdom');

/** jsdom plus Node's own fetch classes, so tests can mock `fetch` with real Response objects. */
class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const names = ['fetch', 'Response', 'Request', 'Headers', 'FormData', 'Blob', 'File', 'TextEncoder', 'TextDecoder',
      'ReadableStream', 'structuredClone', 'AbortController', 'AbortSignal'];
    for (const name of names) {
      if (typeof globalThis[name] !== 'undefined' && (name === 'Response' || name === 'Request' || name === 'Headers' || name === 'fetch' || typeof this.global[name] === 'undefined')) {
        this.global[name] = globalThis[name];
      }
    }
  }
}

module.exports = JsdomWithFetch;

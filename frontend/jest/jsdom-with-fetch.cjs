// jsdom has no fetch API; RTK Query's fetchBaseQuery needs Request/Response/Headers. Hand the test
// window Node's own implementations so component tests can stub `fetch` with real Responses.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetchEnvironment extends TestEnvironment {
  async setup() {
    await super.setup();
    for (const name of ['fetch', 'Request', 'Response', 'Headers', 'AbortController', 'AbortSignal', 'TextEncoder', 'TextDecoder', 'structuredClone']) {
      this.global[name] = globalThis[name];
    }
    // Browsers resolve relative URLs (/api/v2/...) against the page; Node's Request does not.
    const win = this.global;
    win.Request = class extends globalThis.Request {
      constructor(input, init) {
        super(typeof input === 'string' ? new URL(input, win.location.href).href : input, init);
      }
    };
  }
}

module.exports = JsdomWithFetchEnvironment;

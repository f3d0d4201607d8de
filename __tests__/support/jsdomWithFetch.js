const { TestEnvironment } = require('jest-environment-jsdom');

/** jsdom lacks the Fetch API that RTK Query uses; lend it Node's own, which tests then mock. */
class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const window = this.global;
    // As in a browser, a relative URL is resolved against the page's address.
    class BrowserRequest extends Request {
      constructor(input, init) {
        super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
      }
    }
    Object.assign(window, {
      fetch,
      Request: BrowserRequest,
      Response,
      Headers,
      AbortController,
      AbortSignal,
      TextEncoder,
      TextDecoder,
      structuredClone,
    });
  }
}

module.exports = JsdomWithFetchEnvironment;

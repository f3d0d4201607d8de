import { xsrfHeaderFor, xsrfTokenFor } from '../../src/api/xsrf';
import { xsrfCookieName, xsrfHeaderName } from '../../src/contract/protocol';

const cookies = 'theme=dark; XSRF-TOKEN=abc123; other=1';

describe('XSRF header rule', () => {
  it('echoes the cookie for non-GET requests to relative URLs', () => {
    expect(xsrfTokenFor('POST', '/graphql', cookies)).toBe('abc123');
    expect(xsrfTokenFor('post', 'graphql', cookies)).toBe('abc123');
    expect(xsrfTokenFor('DELETE', '/api/x', cookies)).toBe('abc123');
  });

  it('sends nothing for GET or HEAD', () => {
    expect(xsrfTokenFor('GET', '/graphql', cookies)).toBeUndefined();
    expect(xsrfTokenFor('HEAD', '/graphql', cookies)).toBeUndefined();
  });

  it('sends nothing to URLs that resolve to another origin, however they are written', () => {
    expect(xsrfTokenFor('POST', 'https://evil.example/graphql', cookies)).toBeUndefined();
    expect(xsrfTokenFor('POST', '//evil.example/x', cookies)).toBeUndefined();
    // The URL parser reads a backslash as a slash: this is //evil.example/graphql.
    expect(xsrfTokenFor('POST', '/\\evil.example/graphql', cookies)).toBeUndefined();
    expect(xsrfTokenFor('POST', '/\\/evil.example/graphql', cookies)).toBeUndefined();
  });

  it("echoes the cookie to an absolute URL of the page's own origin", () => {
    expect(xsrfTokenFor('POST', `${location.origin}/graphql`, cookies)).toBe('abc123');
  });

  it('sends nothing when there is no cookie', () => {
    expect(xsrfTokenFor('POST', '/graphql', 'theme=dark')).toBeUndefined();
    expect(xsrfTokenFor('POST', '/graphql', '')).toBeUndefined();
  });

  it("attaches the page's cookie as the header both API slices send", () => {
    document.cookie = `${xsrfCookieName}=from-the-page`;
    expect(xsrfHeaderFor('DELETE', '/staff/api')).toEqual({ [xsrfHeaderName]: 'from-the-page' });
    expect(xsrfHeaderFor('GET', '/staff/api')).toEqual({});
    document.cookie = `${xsrfCookieName}=; max-age=0`;
  });
});

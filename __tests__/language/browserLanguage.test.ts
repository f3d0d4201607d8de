import { acceptedLanguages, preferredLanguage } from '../../src/contract/browserLanguage';
import { defaultLanguages } from '../../src/contract/languages';

describe("the browser's language", () => {
  it.each<[string[], string]>([
    [['en-US', 'en'], 'en'],
    [['fi-FI', 'fi', 'en-GB'], 'en'],
    [['sv-FI', 'en'], 'sv'],
    [['EN'], 'en'],
    [['fi', 'de'], 'sv'],
    [[], 'sv'],
  ])('of %j is %s', (tags, language) => {
    expect(preferredLanguage(tags, defaultLanguages)).toBe(language);
  });

  it.each<[string[], string]>([
    [['fi-FI', 'en'], 'fi'],
    [['de'], 'fi'],
    [['en-US', 'fi'], 'en'],
  ])('of %j is %s where Finnish is offered first', (tags, language) => {
    expect(preferredLanguage(tags, ['fi', 'sv', 'en'])).toBe(language);
  });

  it('reads Accept-Language by weight, then order; q=0 refuses', () => {
    expect(acceptedLanguages('sv;q=0.5, fi-FI, en-GB;q=0.8')).toEqual(['fi-FI', 'en-GB', 'sv']);
    expect(acceptedLanguages('en;q=0, sv')).toEqual(['sv']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(
      preferredLanguage(acceptedLanguages('fi-FI, en-GB;q=0.8, sv;q=0.5'), defaultLanguages),
    ).toBe('en');
  });
});

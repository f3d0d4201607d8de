import { readAppConfig } from '../../src/config';
import { appConfigElementId, configDefaults } from '../../src/contract/configDefaults';

function pageWith(block: string | undefined): Document {
  const page = document.implementation.createHTMLDocument('page');
  if (block !== undefined) {
    const script = page.createElement('script');
    script.id = appConfigElementId;
    script.type = 'application/json';
    script.textContent = block;
    page.head.append(script);
  }
  return page;
}

describe('the run-time configuration', () => {
  it('is what the server wrote into the page', () => {
    const given = {
      ...configDefaults,
      emailDomain: 'uni.example.fi',
      contactEmail: 'antagning@uni.example.fi',
      retentionDays: 90,
      institutionKind: 'uas' as const,
      dpoEmail: 'dataskydd@uni.example.fi',
    };
    expect(readAppConfig(pageWith(JSON.stringify(given)))).toEqual(given);
  });

  it('keeps the defaults without a block, with a broken one, and for values of the wrong type', () => {
    expect(readAppConfig(pageWith(undefined))).toEqual(configDefaults);
    expect(readAppConfig(pageWith('{"emailDomain": '))).toEqual(configDefaults);
    expect(readAppConfig(pageWith('null'))).toEqual(configDefaults);
    expect(
      readAppConfig(pageWith(JSON.stringify({ emailDomain: 42, retentionDays: '30', extra: 1 }))),
    ).toEqual(configDefaults);
  });

  it('offers the languages the server names, the default first, and Swedish and English otherwise', () => {
    const offered = (languages: unknown) =>
      readAppConfig(pageWith(JSON.stringify({ ...configDefaults, languages }))).languages;
    expect(offered(['fi', 'sv', 'en'])).toEqual(['fi', 'sv', 'en']);
    expect(configDefaults.languages).toEqual(['sv', 'en']);
    for (const refused of [[], ['fi', 'de'], ['sv', 'sv'], 'fi,sv', null]) {
      expect(offered(refused)).toEqual(['sv', 'en']);
    }
  });
});

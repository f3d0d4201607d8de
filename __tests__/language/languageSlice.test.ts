import { applyAppConfig } from '../../src/config';
import { configDefaults } from '../../src/contract/configDefaults';
import { languageChanged, languageSlice } from '../../src/features/language/languageSlice';

afterEach(() => applyAppConfig(configDefaults));

describe('language slice', () => {
  it('defaults to Swedish', () => {
    expect(languageSlice.reducer(undefined, { type: 'init' })).toEqual({ current: 'sv' });
  });

  it('defaults to the first language the institution offers', () => {
    applyAppConfig({ ...configDefaults, languages: ['fi', 'sv', 'en'] });
    expect(languageSlice.reducer(undefined, { type: 'init' })).toEqual({ current: 'fi' });
  });

  it('switches language', () => {
    expect(languageSlice.reducer(undefined, languageChanged('en'))).toEqual({ current: 'en' });
  });
});

import { languageChanged, languageSlice } from '../../src/features/language/languageSlice';

describe('language slice', () => {
  it('defaults to Swedish', () => {
    expect(languageSlice.reducer(undefined, { type: 'init' })).toEqual({ current: 'sv' });
  });

  it('switches language', () => {
    expect(languageSlice.reducer(undefined, languageChanged('en'))).toEqual({ current: 'en' });
  });
});

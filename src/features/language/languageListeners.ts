import type { TypedStartListening } from '@reduxjs/toolkit';
import { storageKeys, writeStored } from '../../app/storage';
import { languageChanged, type LanguageRootState } from './languageSlice';

export function addLanguageListeners(startListening: TypedStartListening<LanguageRootState>) {
  startListening({
    actionCreator: languageChanged,
    effect: (action) => writeStored(storageKeys.language, action.payload),
  });
}

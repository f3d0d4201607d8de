import { useEffect, type RefObject } from 'react';
import { useAppStore } from '../../app/hooks';
import { fieldNames } from './fields';
import { fieldChanged, selectValues, type FieldChange } from './registrationSlice';

/**
 * The prerendered form can be typed in before React takes it over, and hydrating keeps what the
 * controls show without telling the store. So once the form is React's, what a control shows and
 * the store does not have is adopted, as if typed now: nothing typed early is lost.
 */
export function useValuesShownBeforeHydration(form: RefObject<HTMLFormElement | null>) {
  const store = useAppStore();
  useEffect(() => {
    const controls = form.current?.elements;
    if (!controls) return;
    const values = selectValues(store.getState());
    for (const field of fieldNames) {
      const control = controls.namedItem(field);
      if (!(control instanceof HTMLInputElement || control instanceof HTMLSelectElement)) continue;
      const shown =
        control.type === 'checkbox' ? (control as HTMLInputElement).checked : control.value;
      if (shown !== values[field]) {
        store.dispatch(fieldChanged({ field, value: shown } as FieldChange));
      }
    }
  }, [form, store]);
}

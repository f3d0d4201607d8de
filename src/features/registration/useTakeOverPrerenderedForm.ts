import { useEffect, type RefObject } from 'react';
import { useAppStore } from '../../app/hooks';
import { formTakenOverEvent } from '../../prerender/formTakenOver';
import { fieldNames } from '../../contract/fields';
import { fieldChanged, selectValues, type FieldChange } from './registrationSlice';

/**
 * The prerendered form can be typed in before React takes it over, and hydrating keeps what the
 * controls show without telling the store. So once the form is React's, what a control shows and
 * the store does not have is adopted, as if typed now: nothing typed early is lost. Then the
 * page's inline script is told, and hands over a submit pressed meanwhile.
 */
export function useTakeOverPrerenderedForm(form: RefObject<HTMLFormElement | null>) {
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
    document.dispatchEvent(new Event(formTakenOverEvent));
  }, [form, store]);
}

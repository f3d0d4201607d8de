import { lazy, type ReactNode } from 'react';
import type { ToastOptions } from 'react-toastify/unstyled';

// react-toastify is needed only once a toast shows, so it loads after the first paint.
const loadToastify = () => import('react-toastify/unstyled');

/** SPEC §9: top centre, 5 s, one toast per id (duplicates are suppressed by `toastId`). */
export const LazyToastContainer = lazy(async () => {
  const { ToastContainer, Slide } = await loadToastify();
  return {
    default: () => <ToastContainer position="top-center" autoClose={5000} transition={Slide} />,
  };
});

export async function showErrorToast(content: ReactNode, options: ToastOptions) {
  const { toast } = await loadToastify();
  toast.error(content, options);
}

export async function dismissToasts() {
  const { toast } = await loadToastify();
  toast.dismiss();
}

import { lazy, Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { ToastOptions } from 'react-toastify/unstyled';

// react-toastify loads with the first toast: most visitors never see one.
const loadToastify = () => import('./toastify.js');

let containerWanted = false;
const subscribers = new Set<() => void>();
let markContainerMounted: () => void;
// A toast emitted before its container mounts can be lost (React StrictMode mounts twice).
const containerMounted = new Promise<void>((resolve) => (markContainerMounted = resolve));

/**
 * The send flow's toasts: top centre, 5 s, one per id (a toast with the id of one on screen is
 * suppressed). The step 1 toast passes its own position, top right.
 */
const LazyToastContainer = lazy(async () => {
  const { ToastContainer, Slide } = await loadToastify();
  function MountedToastContainer() {
    useEffect(() => markContainerMounted(), []);
    return <ToastContainer position="top-center" autoClose={5000} transition={Slide} />;
  }
  return { default: MountedToastContainer };
});

function subscribe(notify: () => void) {
  subscribers.add(notify);
  return () => subscribers.delete(notify);
}

/** Mounts the toast container once a toast has been asked for. */
export function ToastHost() {
  const wanted = useSyncExternalStore(subscribe, () => containerWanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LazyToastContainer />
    </Suspense>
  );
}

export async function showErrorToast(content: ReactNode, options: ToastOptions) {
  if (!containerWanted) {
    containerWanted = true;
    subscribers.forEach((notify) => notify());
  }
  await containerMounted;
  const { toast } = await loadToastify();
  toast.error(content, options);
}

export async function dismissToasts() {
  if (!containerWanted) return;
  const { toast } = await loadToastify();
  toast.dismiss();
}

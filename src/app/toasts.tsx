import {
  lazy,
  useEffect,
  useRef,
  useSyncExternalStore,
  type CSSProperties,
  type ReactNode,
} from 'react';
import type { Id, ToastContentProps, ToastOptions } from 'react-toastify/unstyled';
import { OnDemandPart } from './ErrorBoundary';

// react-toastify loads with the first toast: most visitors never see one.
const loadToastify = () => import('./toastify.js');

/** Every toast's timing: shown 5 s; once hovered, it closes 1 s after the pointer leaves. */
export const toastTiming = { autoCloseMs: 5000, afterHoverMs: 1000, animationMs: 300 };

let containerWanted = false;
const subscribers = new Set<() => void>();
let markContainerMounted: () => void;
// A toast emitted before its container mounts can be lost (React StrictMode mounts twice).
const containerMounted = new Promise<void>((resolve) => (markContainerMounted = resolve));

/**
 * The send flow's toasts: top centre, one per id (a toast with the id of one on screen is
 * suppressed), paused while hovered. The step 1 toast passes its own position, top right.
 */
const LazyToastContainer = lazy(async () => {
  const { ToastContainer, cssTransition } = await loadToastify();
  // react-toastify's slide, in and out in 300 ms (its own slide comes in over 500 ms).
  const slide = cssTransition({
    // The position is appended to the last class: the slide's own, as react-toastify names it.
    enter: 'toast-transition Toastify--animate Toastify__slide-enter',
    exit: 'toast-transition Toastify--animate Toastify__slide-exit',
    appendPosition: true,
    // Gone when its exit has played; toasts are few and one per id, so none need close up.
    collapse: false,
  });
  const animation = { '--toast-animation-duration': `${toastTiming.animationMs}ms` };
  function MountedToastContainer() {
    useEffect(() => markContainerMounted(), []);
    return (
      <ToastContainer
        position="top-center"
        autoClose={toastTiming.autoCloseMs}
        pauseOnHover
        transition={slide}
        style={animation as CSSProperties}
      />
    );
  }
  return { default: MountedToastContainer };
});

function subscribe(notify: () => void) {
  subscribers.add(notify);
  return () => subscribers.delete(notify);
}

/** Mounts the toast container once a toast has been asked for. */
export function ToastHost() {
  const wanted = useSyncExternalStore(
    subscribe,
    () => containerWanted,
    () => false,
  );
  if (!wanted) return null;
  // Offline, without toasts: the announcer still speaks.
  return (
    <OnDemandPart>
      <LazyToastContainer />
    </OnDemandPart>
  );
}

/**
 * The toast's content. When a pause ends (the pointer has left the toast), the toast gets a
 * fresh 1 s timer: react-toastify's update restarts its progress bar, which stays truthful. A
 * toast is also paused until its entrance has played: only a pause after it has run counts.
 */
function ClosingSoonAfterHover({
  isPaused,
  toastId,
  children,
}: {
  isPaused: boolean;
  toastId: Id;
  children: ReactNode;
}) {
  const hasRun = useRef(false);
  const wasPaused = useRef(false);
  useEffect(() => {
    if (isPaused) {
      wasPaused.current = hasRun.current;
    } else if (!wasPaused.current) {
      hasRun.current = true;
    } else {
      wasPaused.current = false;
      void loadToastify().then(({ toast }) =>
        toast.update(toastId, { autoClose: toastTiming.afterHoverMs }),
      );
    }
  }, [isPaused, toastId]);
  return children;
}

export async function showErrorToast(content: ReactNode, options: ToastOptions) {
  if (!containerWanted) {
    containerWanted = true;
    subscribers.forEach((notify) => notify());
  }
  await containerMounted;
  const { toast } = await loadToastify();
  toast.error(
    ({ isPaused, toastProps }: ToastContentProps) => (
      <ClosingSoonAfterHover isPaused={isPaused} toastId={toastProps.toastId}>
        {content}
      </ClosingSoonAfterHover>
    ),
    options,
  );
}

export async function dismissToasts() {
  if (!containerWanted) return;
  // When react-toastify could not be fetched, no toast is showing.
  const toastify = await loadToastify().catch(() => undefined);
  toastify?.toast.dismiss();
}

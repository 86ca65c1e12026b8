/**
 * `prefers-reduced-motion`: CSS animations are cut in app/app.css; this covers what runs in
 * JavaScript — antd-mobile's spring animations (dialogs, popups, toasts) and scripted scrolling.
 */
const REDUCE_QUERY = '(prefers-reduced-motion: reduce)';

interface MotionSwitch {
  reduceMotion: () => void;
  restoreMotion: () => void;
}

function reduceQuery(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(REDUCE_QUERY) : null;
}

export function prefersReducedMotion(): boolean {
  return reduceQuery()?.matches === true;
}

/** `smooth` unless the visitor asked for less motion. */
export function scrollBehavior(): ScrollBehavior {
  return prefersReducedMotion() ? 'auto' : 'smooth';
}

/**
 * Follows the setting, also when it changes. The animation library is only loaded when motion is
 * to be reduced (it is not on the first screen otherwise).
 */
export function followReducedMotion(
  load: () => Promise<MotionSwitch> = () => import('antd-mobile/es/utils/reduce-and-restore-motion'),
): void {
  const query = reduceQuery();
  if (!query) return;
  let loaded = false;
  const apply = () => {
    if (!query.matches && !loaded) return;
    loaded = true;
    void load().then((motion) => (query.matches ? motion.reduceMotion() : motion.restoreMotion()));
  };
  apply();
  query.addEventListener?.('change', apply);
}

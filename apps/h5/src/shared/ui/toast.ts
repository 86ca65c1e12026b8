type ToastModule = typeof import('antd-mobile/es/components/toast');

/** A toast closes after 2000 ms unless told otherwise (0 keeps it open). */
export const TOAST_DURATION = 2000;

export interface ToastOptions {
  icon?: 'success' | 'fail' | 'loading';
  /** center (default), top = 20 %, bottom = 80 % of the screen height. */
  position?: 'center' | 'top' | 'bottom';
  duration?: number;
}

let toastModule: Promise<ToastModule> | null = null;

/**
 * antd-mobile's Toast is fetched on first use (and preloaded once the app is idle) so the
 * home route does not pay for it up front.
 */
export function preloadToast(): Promise<ToastModule> {
  toastModule ??= import('antd-mobile/es/components/toast');
  return toastModule;
}

export function showToast(content: string, options: ToastOptions = {}): Promise<void> {
  return preloadToast().then(({ default: Toast }) => {
    Toast.show({
      content,
      icon: options.icon,
      position: options.position ?? 'center',
      duration: options.duration ?? TOAST_DURATION,
    });
  });
}

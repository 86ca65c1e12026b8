import Toast from 'antd-mobile/es/components/toast';

/** Spec §9: a toast closes after 2000 ms unless told otherwise (0 keeps it open). */
export const TOAST_DURATION = 2000;

export interface ToastOptions {
  icon?: 'success' | 'fail' | 'loading';
  /** center (default), top = 20 %, bottom = 80 % of the screen height. */
  position?: 'center' | 'top' | 'bottom';
  duration?: number;
}

export function showToast(content: string, options: ToastOptions = {}) {
  return Toast.show({
    content,
    icon: options.icon,
    position: options.position ?? 'center',
    duration: options.duration ?? TOAST_DURATION,
  });
}

export function clearToast(): void {
  Toast.clear();
}

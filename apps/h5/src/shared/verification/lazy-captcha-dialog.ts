import { lazyDialog } from '@/shared/ui/lazy-dialog';

/** The image-captcha dialog, loaded when the page first opens it (most visits never do twice). */
export const LazyCaptchaDialog = lazyDialog(() =>
  import('./captcha-dialog').then((module) => module.CaptchaDialog),
);

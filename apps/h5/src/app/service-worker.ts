import { withFocusReturn } from '@/shared/ui/focus-return';

/**
 * Registers the service worker of production builds (see vite.config.ts). When a new build has
 * been downloaded it waits; the visitor chooses when to switch with the 新版本可用 dialog.
 */
export async function registerServiceWorker(): Promise<void> {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const { registerSW } = await import('virtual:pwa-register');
  const activateUpdate = registerSW({
    onNeedRefresh: () => void offerUpdate(() => activateUpdate(true)),
  });
}

export async function offerUpdate(activate: () => Promise<void> | void): Promise<void> {
  const { default: Dialog } = await import('antd-mobile/es/components/dialog');
  const accepted = await withFocusReturn(() =>
    Dialog.confirm({
      title: '新版本可用',
      content: '课栈已更新，刷新后即可使用新版本。',
      confirmText: '立即刷新',
      cancelText: '稍后',
    }),
  );
  if (accepted) await activate();
}

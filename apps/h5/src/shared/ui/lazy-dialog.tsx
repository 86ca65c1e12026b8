import type { DialogConfirmProps } from 'antd-mobile/es/components/dialog';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { dialogContainer } from './dialog-container';
import { withFocusReturn } from './focus-return';

/*
 * antd-mobile's Dialog, Popup and CenterPopup animate with react-spring (about 17 KB gzipped):
 * a page whose dialogs only open on a tap loads them on that tap instead of with the page.
 */

const byVisible = (props: object) => (props as { visible?: boolean }).visible === true;

/**
 * A declarative dialog or popup whose code loads when it first opens (`isOpen`: its `visible`
 * prop unless told otherwise). Once loaded it stays mounted, so it animates out and returns the
 * focus on closing.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean = byVisible,
): ComponentType<P> {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  const Dialog = Loaded as unknown as ComponentType<P>;
  function LazyDialog(props: P) {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}

/**
 * Dialog.confirm, loaded on demand, shown inside the page's <main>, with 确认 / 取消 unless told
 * otherwise; the focus moves into it and back to the opener when it closes.
 */
export async function confirmDialog(options: DialogConfirmProps): Promise<boolean> {
  const { default: Dialog } = await import('antd-mobile/es/components/dialog');
  return withFocusReturn(() =>
    Dialog.confirm({ getContainer: dialogContainer, confirmText: '确认', cancelText: '取消', ...options }),
  );
}

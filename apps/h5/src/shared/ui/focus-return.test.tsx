import { act, fireEvent, render, screen } from '@testing-library/react';
import Dialog from 'antd-mobile/es/components/dialog';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFocusReturn, withFocusReturn } from './focus-return';

afterEach(() => vi.useRealTimers());

function PopupOpener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        打开
      </button>
      {open ? <Popup onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function Popup({ onClose }: { onClose: () => void }) {
  useFocusReturn(true);
  return (
    <div role="dialog" aria-label="弹窗">
      {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a dialog's first control takes focus */}
      <button type="button" autoFocus onClick={onClose}>
        关闭
      </button>
    </div>
  );
}

describe('focus after dialogs', () => {
  it('a declarative dialog gives the focus back to the button that opened it', () => {
    vi.useFakeTimers();
    render(<PopupOpener />);
    const opener = screen.getByRole('button', { name: '打开' });
    opener.focus();
    fireEvent.click(opener);
    expect(screen.getByRole('button', { name: '关闭' })).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    act(() => void vi.runAllTimers());
    expect(opener).toHaveFocus();
  });

  it('an imperative confirmation takes the focus inside and gives it back when answered', async () => {
    render(
      <button
        type="button"
        onClick={() => void withFocusReturn(() => Dialog.confirm({ title: '确认', content: '确定吗？' }))}
      >
        删除
      </button>,
    );
    const opener = screen.getByRole('button', { name: '删除' });
    opener.focus();
    fireEvent.click(opener);
    const cancel = await screen.findByRole('button', { name: '取消' });
    await vi.waitFor(() => expect(cancel).toHaveFocus());
    fireEvent.click(cancel);
    await vi.waitFor(() => expect(opener).toHaveFocus());
  });
});

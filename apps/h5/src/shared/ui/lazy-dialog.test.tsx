import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { confirmDialog, lazyDialog } from './lazy-dialog';

function Note({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  return visible ? (
    <div role="dialog" aria-label="提示">
      <button type="button" onClick={onClose}>
        关闭
      </button>
    </div>
  ) : (
    <p>已关闭</p>
  );
}

describe('lazyDialog', () => {
  it('loads the dialog when it first opens and keeps it mounted after it closes', async () => {
    const load = vi.fn(async () => Note);
    const LazyNote = lazyDialog(load);
    function Page() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            打开
          </button>
          <LazyNote visible={open} onClose={() => setOpen(false)} />
        </>
      );
    }
    render(<Page />);
    expect(load).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '打开' }));
    fireEvent.click(await screen.findByRole('button', { name: '关闭' }));
    expect(screen.getByText('已关闭')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('opens by another prop when told how', async () => {
    const Cropper = ({ file }: { file: string | null }) => <p>{file ?? '无'}</p>;
    const LazyCropper = lazyDialog(
      async () => Cropper,
      (props) => props.file !== null,
    );
    const { rerender } = render(<LazyCropper file={null} />);
    expect(screen.queryByText('无')).toBeNull();
    rerender(<LazyCropper file="a.png" />);
    expect(await screen.findByText('a.png')).toBeInTheDocument();
  });
});

describe('confirmDialog', () => {
  it('shows 确认 / 取消 inside <main> and answers true on 确认', async () => {
    render(<main />);
    const answer = confirmDialog({ 'aria-label': '退出登录', content: '确认安全退出登录？' });
    const dialog = await screen.findByRole('dialog', { name: '退出登录' });
    expect(document.querySelector('main')).toContainElement(dialog);
    expect(screen.getByText('确认安全退出登录？')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '取消' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '确认' }));
    await expect(answer).resolves.toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

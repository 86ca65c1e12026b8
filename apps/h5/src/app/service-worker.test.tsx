import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { offerUpdate } from './service-worker';

describe('new build prompt', () => {
  it('switches to the new build when the visitor taps 立即刷新', async () => {
    const activate = vi.fn();
    let pending!: Promise<void>;
    act(() => {
      pending = offerUpdate(activate);
    });
    expect(await screen.findByText('新版本可用')).toBeInTheDocument();
    expect(screen.getByText('课栈已更新，刷新后即可使用新版本。')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '立即刷新' }));
    await act(() => pending);
    expect(activate).toHaveBeenCalledTimes(1);
  });

  it('keeps the current build when the visitor taps 稍后', async () => {
    const activate = vi.fn();
    let pending!: Promise<void>;
    act(() => {
      pending = offerUpdate(activate);
    });
    await userEvent.click(await screen.findByRole('button', { name: '稍后' }));
    await act(() => pending);
    await waitFor(() => expect(screen.queryByText('新版本可用')).not.toBeInTheDocument());
    expect(activate).not.toHaveBeenCalled();
  });
});

import { act, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { watermarkText } from '../utils/watermark-text';
import { Watermark, WATERMARK_MOVE_MS } from './watermark';

afterEach(() => {
  vi.useRealTimers();
});

describe('Watermark', () => {
  it('jumps to a new random spot every 5 seconds and stops when unmounted', () => {
    vi.useFakeTimers();
    const random = vi.spyOn(Math, 'random');
    random.mockReturnValue(0);
    const area = createRef<HTMLDivElement>();
    const { unmount } = render(
      <div ref={area}>
        <Watermark text="13800000000" size={14} color="red" opacity={0.5} areaRef={area} />
      </div>,
    );
    const mark = screen.getByTestId('watermark');
    expect(mark).toHaveStyle({ top: '35px', left: '0px', opacity: '0.5', color: 'rgb(255, 0, 0)' });

    random.mockReturnValue(0.5);
    act(() => vi.advanceTimersByTime(WATERMARK_MOVE_MS - 1));
    expect(mark).toHaveStyle({ top: '35px' });
    act(() => vi.advanceTimersByTime(1));
    expect(mark.style.top).not.toBe('35px');
    expect(mark.style.left).not.toBe('0px');

    random.mockReturnValue(0);
    act(() => vi.advanceTimersByTime(WATERMARK_MOVE_MS));
    expect(mark).toHaveStyle({ top: '35px', left: '0px' });

    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('watermarkText', () => {
  it('fills every placeholder with the member', () => {
    expect(
      watermarkText('${mobile}|${user.mobile}|${user.id}|${user.id}', { id: 9, mobile: '13800000000' }),
    ).toBe('13800000000|13800000000|9|9');
    expect(watermarkText('课栈 ${mobile}', null)).toBe('课栈 ');
    expect(watermarkText('', { id: 1, mobile: '1' })).toBe('');
  });
});

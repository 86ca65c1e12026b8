import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Spinner } from './spinner';

describe('Spinner', () => {
  it('is announced when it has a label and hidden from assistive technology when it has none', () => {
    const { container } = render(
      <>
        <Spinner size={18} label="发送中" />
        <Spinner />
      </>,
    );
    const status = screen.getByRole('status', { name: '发送中' });
    expect(status).toHaveStyle({ width: '18px', height: '18px' });
    expect(container.querySelectorAll('[aria-hidden="true"].kz-spinner')).toHaveLength(1);
  });
});

import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Tabs } from './tabs';

function Panel({ name, onMount }: { name: string; onMount: (name: string) => void }) {
  useState(() => onMount(name));
  return <p>{name}内容</p>;
}

function CourseTabs({ onMount }: { onMount: (name: string) => void }) {
  const [tab, setTab] = useState<'intro' | 'catalogue' | 'comments'>('intro');
  return (
    <Tabs
      label="课程内容"
      activeKey={tab}
      onChange={setTab}
      items={[
        { key: 'intro', title: '介绍', content: <Panel name="介绍" onMount={onMount} /> },
        { key: 'catalogue', title: '目录', content: <Panel name="目录" onMount={onMount} /> },
        { key: 'comments', title: '评论', content: <Panel name="评论" onMount={onMount} /> },
      ]}
    />
  );
}

describe('Tabs', () => {
  it('selects on tap; a panel mounts when first shown, then stays (hidden) with its state', () => {
    const onMount = vi.fn();
    render(<CourseTabs onMount={onMount} />);
    expect(screen.getByRole('tablist', { name: '课程内容' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '介绍' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: '介绍' })).toHaveTextContent('介绍内容');
    expect(screen.queryByText('目录内容')).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: '目录' }));
    expect(screen.getByRole('tab', { name: '目录' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: '介绍' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tabpanel', { name: '目录' })).toHaveTextContent('目录内容');
    expect(screen.getByText('介绍内容')).not.toBeVisible();

    fireEvent.click(screen.getByRole('tab', { name: '介绍' }));
    expect(screen.getByText('介绍内容')).toBeVisible();
    expect(onMount.mock.calls.map(([name]) => name)).toEqual(['介绍', '目录']);
  });

  it('arrow keys, Home and End move the selection and the focus; only the selected tab is in the tab order', () => {
    render(<CourseTabs onMount={() => {}} />);
    const intro = screen.getByRole('tab', { name: '介绍' });
    intro.focus();
    fireEvent.keyDown(intro, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: '目录' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: '目录' })).toHaveAttribute('tabindex', '0');
    expect(intro).toHaveAttribute('tabindex', '-1');
    fireEvent.keyDown(screen.getByRole('tab', { name: '目录' }), { key: 'End' });
    expect(screen.getByRole('tab', { name: '评论' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(screen.getByRole('tab', { name: '评论' }), { key: 'ArrowRight' });
    expect(intro).toHaveFocus();
    fireEvent.keyDown(intro, { key: 'ArrowLeft' });
    expect(screen.getByRole('tab', { name: '评论' })).toHaveFocus();
    fireEvent.keyDown(screen.getByRole('tab', { name: '评论' }), { key: 'Home' });
    expect(intro).toHaveAttribute('aria-selected', 'true');
  });
});

import type { ReactNode } from 'react';
import { Button, Popconfirm } from 'antd';

/** A small link button for an action on a table row. */
export function ActionLink({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button type="link" size="small" onClick={onClick}>
      {children}
    </Button>
  );
}

/**
 * A small red link button for a row's destructive action, asking for confirmation first;
 * `label` is the button's accessible name where its text alone would not say which row.
 */
export function ConfirmLink({
  title,
  description,
  okText,
  label,
  onConfirm,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  okText: string;
  label?: string;
  onConfirm: () => Promise<unknown>;
  children: ReactNode;
}) {
  return (
    <Popconfirm
      title={title}
      description={description}
      okText={okText}
      cancelText="取消"
      onConfirm={onConfirm}
    >
      <Button type="link" size="small" danger aria-label={label}>
        {children}
      </Button>
    </Popconfirm>
  );
}

/** 停用 (confirmed first, saying what it does) while `name` is on, 启用 while it is off. */
export function EnableToggle({
  enabled,
  name,
  description,
  onChange,
}: {
  enabled: boolean;
  name: string;
  description: string;
  onChange: (enabled: boolean) => Promise<unknown>;
}) {
  if (!enabled) return <ActionLink onClick={() => void onChange(true)}>启用</ActionLink>;
  return (
    <ConfirmLink
      title={`停用 ${name}？`}
      description={description}
      okText="停用"
      onConfirm={() => onChange(false)}
    >
      停用
    </ConfirmLink>
  );
}

import type { ReactNode } from 'react';
import { Input, Select, Space, type SelectProps } from 'antd';

/** The filters above a list. */
export function FilterBar({ children }: { children: ReactNode }) {
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      {children}
    </Space>
  );
}

/** A clearable search box; `label` is its accessible name. */
export function SearchFilter({
  label,
  placeholder,
  width,
  onSearch,
}: {
  label: string;
  placeholder: string;
  width?: number;
  onSearch: (text: string) => void;
}) {
  return (
    <Input.Search
      aria-label={label}
      placeholder={placeholder}
      allowClear
      onSearch={onSearch}
      style={width ? { width } : undefined}
    />
  );
}

/** A clearable choice (cleared: `undefined`); `label` is its accessible name. */
export function SelectFilter<Value>({
  label,
  width,
  ...select
}: Omit<SelectProps<Value>, 'aria-label' | 'style'> & { label: string; width: number }) {
  return <Select<Value> aria-label={label} allowClear style={{ width }} {...select} />;
}

import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';

/** The page's heading, with its buttons (`extra`) on the right. */
export function PageHeader({ title, extra }: { title: ReactNode; extra?: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
      <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
        {title}
      </Typography.Title>
      {extra}
    </Flex>
  );
}

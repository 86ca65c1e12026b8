import { Table, type TableProps } from 'antd';
import { LoadError } from './states';
import type { Loaded } from './use-load';

/**
 * A table of loaded rows (`dataSource`): the load error with a retry in its place, a spinner
 * while loading. Rows are keyed by `id` and not paged unless told otherwise.
 */
export function LoadedTable<Row extends object>({
  loaded,
  ...table
}: TableProps<Row> & { loaded: Loaded<unknown> }) {
  if (loaded.error) return <LoadError error={loaded.error} onRetry={loaded.reload} />;
  return <Table<Row> rowKey="id" loading={loaded.loading} pagination={false} {...table} />;
}

import { Table, type TablePaginationConfig, type TableProps } from 'antd';
import { LoadError } from './states';
import type { Loaded } from './use-load';
import type { Page } from './use-paged-list';

type RowsTableProps<Row> = Omit<TableProps<Row>, 'dataSource' | 'loading'> & { loading?: boolean };

function TableOrError<Row extends object>({
  loaded,
  ...table
}: TableProps<Row> & { loaded: Loaded<unknown> }) {
  if (loaded.error) return <LoadError error={loaded.error} onRetry={loaded.reload} />;
  return <Table<Row> rowKey="id" loading={loaded.loading} {...table} />;
}

/** The loaded rows, all on one page: the load error with a retry in its place. Rows keyed by `id`. */
export function LoadedTable<Row extends object>({
  loaded,
  ...table
}: RowsTableProps<Row> & { loaded: Loaded<Row[]> }) {
  return <TableOrError<Row> loaded={loaded} dataSource={loaded.data} pagination={false} {...table} />;
}

/** One page of a `usePagedList` list, with its pagination; `showTotal` words the row count. */
export function PagedTable<Row extends object>({
  list,
  showTotal,
  ...table
}: RowsTableProps<Row> & {
  list: Loaded<Page<Row>> & { pagination: TablePaginationConfig };
  showTotal?: (total: number) => string;
}) {
  return (
    <TableOrError<Row>
      loaded={list}
      dataSource={list.data?.data}
      pagination={{ ...list.pagination, showTotal }}
      {...table}
    />
  );
}

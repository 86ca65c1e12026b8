import { useState, type HTMLAttributes } from 'react';
import { Button, Space } from 'antd';

/** The ids in their new order after the row at `from` is moved to `to`. */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/**
 * Drag a table row onto another to reorder a list (`onRow` of an antd Table); the 上移 / 下移
 * buttons of `OrderButtons` do the same from the keyboard. `group` keeps a drop within the rows of
 * one group (one level of navigation): dropping onto another group's row does nothing.
 */
export function useRowDrag<Row extends { id: number }>(
  onReorder: (rows: Row[], from: number, to: number) => void,
  group: (row: Row) => unknown = () => 0,
) {
  const [dragged, setDragged] = useState<Row | null>(null);
  return (rows: readonly Row[], row: Row): HTMLAttributes<HTMLElement> => {
    const siblings = rows.filter((other) => group(other) === group(row));
    return {
      draggable: true,
      style: { cursor: 'move' },
      onDragStart: (event) => {
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', String(row.id));
        setDragged(row);
      },
      onDragOver: (event) => {
        if (dragged && group(dragged) === group(row)) event.preventDefault();
      },
      onDrop: (event) => {
        event.preventDefault();
        if (!dragged || dragged.id === row.id || group(dragged) !== group(row)) return;
        const from = siblings.findIndex((other) => other.id === dragged.id);
        const to = siblings.findIndex((other) => other.id === row.id);
        setDragged(null);
        if (from >= 0 && to >= 0) onReorder(siblings as Row[], from, to);
      },
      onDragEnd: () => setDragged(null),
    };
  };
}

/** 上移 / 下移 of one row among `count` rows (the keyboard's way to reorder). */
export function OrderButtons({
  index,
  count,
  label,
  onMove,
}: {
  index: number;
  count: number;
  label: string;
  onMove: (to: number) => void;
}) {
  return (
    <Space size={0}>
      <Button
        type="link"
        size="small"
        aria-label={`上移${label}`}
        disabled={index === 0}
        onClick={() => onMove(index - 1)}
      >
        上移
      </Button>
      <Button
        type="link"
        size="small"
        aria-label={`下移${label}`}
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
      >
        下移
      </Button>
    </Space>
  );
}

import { ORDER_STATUS, ORDER_STATUS_TEXT, type OrderStatus } from '@kezhan/contract/orders';
import type { Updateable } from 'kysely';
import type { Db } from '../../shared/db/database';
import type { OrdersTable } from './tables';

/**
 * The order state machine. Every status change after the insert (status 1) goes through
 * `transition`, a conditional UPDATE … WHERE status IN (from) RETURNING: of two concurrent
 * writers only one sees the row come back, so nothing is granted, paid or cancelled twice.
 *
 *   unpaid 1 ──start──▶ paying 5 ──start──▶ paying 5 (another gateway)
 *   1 / 5 ──pay──▶ paid 9 ──refund──▶ refunded 11
 *   1 / 5 ──cancel / expire──▶ cancelled 7 ──pay──▶ paid 9
 *
 * Every move is recorded in `order_state_history` with who made it.
 *
 * A cancelled order can still be paid: money the gateway (or the operator, for a manual
 * transfer) confirms after the 60-minute expiry must be honoured, not lost.
 */
const TRANSITIONS = {
  start: { from: [ORDER_STATUS.UNPAID, ORDER_STATUS.PAYING], to: ORDER_STATUS.PAYING },
  pay: {
    from: [ORDER_STATUS.UNPAID, ORDER_STATUS.PAYING, ORDER_STATUS.CANCELLED],
    to: ORDER_STATUS.PAID,
  },
  cancel: { from: [ORDER_STATUS.UNPAID, ORDER_STATUS.PAYING], to: ORDER_STATUS.CANCELLED },
  refund: { from: [ORDER_STATUS.PAID], to: ORDER_STATUS.REFUNDED },
} as const satisfies Record<string, { from: readonly OrderStatus[]; to: OrderStatus }>;

export type OrderEvent = keyof typeof TRANSITIONS;

export const OPEN_STATUSES: readonly OrderStatus[] = [ORDER_STATUS.UNPAID, ORDER_STATUS.PAYING];

export const canTransition = (status: number, event: OrderEvent) =>
  (TRANSITIONS[event].from as readonly number[]).includes(status);

export const statusText = (status: number) => ORDER_STATUS_TEXT[status as OrderStatus] ?? '';

/** True while the member may still pay (`continue_pay` on the wire). */
export const isOpen = (status: number) => (OPEN_STATUSES as readonly number[]).includes(status);

type OrderChanges = Omit<Updateable<OrdersTable>, 'status' | 'id' | 'order_id' | 'user_id'>;

/** Who moved the order and why, kept in `order_state_history`. */
export interface TransitionCause {
  /** A gateway source, `member`, `system`, or `admin:<username>`. */
  actor: string;
  note?: string;
}

/**
 * Applies `event` to the orders matching `where` whose status allows it; returns the updated
 * rows (empty when the order was already moved on by someone else). Each move is written to the
 * order's history. Call it inside a transaction: the rows are locked first (in id order, so two
 * batches never deadlock) to know the status each one leaves.
 */
export async function transition(
  trx: Db,
  event: OrderEvent,
  where: { id: number } | { ids: number[] },
  changes: OrderChanges & { updated_at: Date },
  cause: TransitionCause,
) {
  const rule = TRANSITIONS[event];
  const ids = 'id' in where ? [where.id] : where.ids;
  if (ids.length === 0) return [];
  const locked = await trx
    .selectFrom('orders')
    .select(['id', 'status'])
    .where('id', 'in', ids)
    .where('status', 'in', [...rule.from])
    .orderBy('id')
    .forUpdate()
    .execute();
  if (locked.length === 0) return [];
  const moved = await trx
    .updateTable('orders')
    .set({ ...changes, status: rule.to })
    .where(
      'id',
      'in',
      locked.map((row) => row.id),
    )
    .where('status', 'in', [...rule.from])
    .returningAll()
    .execute();
  if (moved.length > 0) {
    const before = new Map(locked.map((row) => [row.id, row.status]));
    await trx
      .insertInto('order_state_history')
      .values(
        moved.map((row) => ({
          order_id: row.id,
          event,
          from_status: before.get(row.id) ?? row.status,
          to_status: rule.to,
          actor: cause.actor.slice(0, 96),
          note: (cause.note ?? '').slice(0, 500),
          created_at: changes.updated_at,
        })),
      )
      .execute();
  }
  return moved;
}

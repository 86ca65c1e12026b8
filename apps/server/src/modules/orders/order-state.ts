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

/**
 * Applies `event` to the orders matching `where` whose status allows it; returns the updated
 * rows (empty when the order was already moved on by someone else).
 */
export async function transition(
  trx: Db,
  event: OrderEvent,
  where: { id: number } | { ids: number[] },
  changes: OrderChanges & { updated_at: Date },
) {
  const rule = TRANSITIONS[event];
  const ids = 'id' in where ? [where.id] : where.ids;
  if (ids.length === 0) return [];
  return trx
    .updateTable('orders')
    .set({ ...changes, status: rule.to })
    .where('id', 'in', ids)
    .where('status', 'in', [...rule.from])
    .returningAll()
    .execute();
}

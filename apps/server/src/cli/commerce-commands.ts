import { ORDER_STATUS } from '@kezhan/contract/orders';
import { sql, type Selectable } from 'kysely';
import { notifyMember } from '../modules/messages/notify';
import { revokeGoods } from '../modules/orders/delivery';
import { statusText, transition } from '../modules/orders/order-state';
import { settlePayment } from '../modules/orders/settle';
import type { Db } from '../shared/db/database';
import type { RolesTable } from '../shared/db/schema';
import { isoTimestamp, rawDateTime } from '../shared/time';
import { CommandError, type CliCommand } from './command';

interface ParsedArgs {
  positional: string[];
  options: Map<string, string>;
  flags: Set<string>;
}

/** `--key value`, `--key=value` and bare `--flag`s; anything not declared is an error. */
function parseArgs(args: string[], options: string[], flags: string[] = []): ParsedArgs {
  const parsed: ParsedArgs = { positional: [], options: new Map(), flags: new Set() };
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i];
    if (!arg.startsWith('--')) {
      parsed.positional.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
    if (flags.includes(name) && inline === undefined) parsed.flags.add(name);
    else if (options.includes(name)) {
      const value = inline ?? args[(i += 1)];
      if (value === undefined) throw new CommandError(`--${name} needs a value`);
      parsed.options.set(name, value);
    } else throw new CommandError(`Unknown option --${name}`);
  }
  return parsed;
}

function wholeNumber(
  value: string | undefined,
  name: string,
  { min = 0, max = 100_000_000 } = {},
): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,9}$/.test(value) || Number(value) < min || Number(value) > max)
    throw new CommandError(`--${name} must be a whole number from ${min} to ${max}`);
  return Number(value);
}

function required<T>(value: T | undefined, name: string): T {
  if (value === undefined || value === '') throw new CommandError(`--${name} is required`);
  return value;
}

/** `YYYY-MM-DD` or `YYYY-MM-DD HH:mm[:ss]`, China time (end of day when no time is given). */
function chinaDate(value: string | undefined): Date | null | undefined {
  if (value === undefined) return undefined;
  if (value === 'never') return null;
  const match = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2})(?::(\d{2}))?)?$/.exec(value);
  const date = match
    ? new Date(`${match[1]}T${match[2] ?? '23:59'}:${match[3] ?? (match[2] ? '00' : '59')}+08:00`)
    : null;
  if (!date || Number.isNaN(date.getTime()))
    throw new CommandError('--expires must look like 2026-12-31 or "2026-12-31 23:59:59"');
  return date;
}

const ROLE_OPTIONS = ['name', 'charge', 'days', 'weight', 'description'];
const ROLE_DAYS = { min: 1, max: 36500 };
const MEMBER_ID = { min: 1, max: 2_147_483_647 };

const describeRole = (role: Selectable<RolesTable>) =>
  `${role.id}: ${role.name} ￥${role.charge} for ${role.expire_days} days${role.is_show ? '' : ' (hidden)'}`;

async function findOrder(db: Db, orderNo: string, { lock = false } = {}) {
  let query = db.selectFrom('orders').selectAll().where('order_id', '=', orderNo);
  if (lock) query = query.forUpdate();
  const order = await query.executeTakeFirst();
  if (!order) throw new CommandError(`No order ${orderNo}`);
  return order;
}

export const commerceCommands: CliCommand[] = [
  {
    name: 'role:create',
    usage:
      'role:create --name <name> --charge <yuan> --days <n> [--weight <n>] [--description <text>] [--hidden]',
    summary: 'Create a VIP plan (description: one benefit per line, "\\n" separates lines)',
    async run(services, args, out) {
      const { options, flags } = parseArgs(args, ROLE_OPTIONS, ['hidden']);
      const name = required(options.get('name')?.trim(), 'name');
      if (name.length > 64) throw new CommandError('--name is at most 64 characters');
      const now = services.now();
      const role = await services.db
        .insertInto('roles')
        .values({
          name,
          charge: required(wholeNumber(options.get('charge'), 'charge'), 'charge'),
          expire_days: required(wholeNumber(options.get('days'), 'days', ROLE_DAYS), 'days'),
          weight: wholeNumber(options.get('weight'), 'weight') ?? 0,
          description: (options.get('description') ?? '').replace(/\\n/g, '\n'),
          is_show: flags.has('hidden') ? 0 : 1,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      out.line(`Created role ${describeRole(role)}`);
    },
  },
  {
    name: 'role:update',
    usage:
      'role:update <id> [--name …] [--charge …] [--days …] [--weight …] [--description …] [--show|--hidden]',
    summary: 'Change a VIP plan (orders already placed keep the price and days they were sold with)',
    async run(services, args, out) {
      const { positional, options, flags } = parseArgs(args, ROLE_OPTIONS, ['show', 'hidden']);
      const id = wholeNumber(positional[0], 'id', { min: 1 });
      if (!id) throw new CommandError('Usage: role:update <id> [options]');
      if (flags.has('show') && flags.has('hidden'))
        throw new CommandError('Choose --show or --hidden, not both');
      const name = options.get('name')?.trim();
      if (name !== undefined && (name === '' || name.length > 64))
        throw new CommandError('--name must be 1 to 64 characters');
      const changes = {
        name,
        charge: wholeNumber(options.get('charge'), 'charge'),
        expire_days: wholeNumber(options.get('days'), 'days', ROLE_DAYS),
        weight: wholeNumber(options.get('weight'), 'weight'),
        description: options.get('description')?.replace(/\\n/g, '\n'),
        is_show: flags.has('show') ? 1 : flags.has('hidden') ? 0 : undefined,
      };
      const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      if (Object.keys(given).length === 0) throw new CommandError('Nothing to change');
      const role = await services.db
        .updateTable('roles')
        .set({ ...given, updated_at: services.now() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      if (!role) throw new CommandError(`No role ${id}`);
      out.line(`Updated role ${describeRole(role)}`);
    },
  },
  {
    name: 'promo:create',
    usage:
      'promo:create --discount <yuan> [--code <CODE>] [--uses <n, 0 = unlimited>] [--expires <date|never>] [--owner <user id> --owner-reward <yuan>]',
    summary: 'Create a promo code (random code when --code is omitted; --expires is China time)',
    async run(services, args, out) {
      const { options } = parseArgs(args, ['code', 'discount', 'uses', 'expires', 'owner', 'owner-reward']);
      const code = options.get('code') ?? `KZ${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(code))
        throw new CommandError('--code: 1 to 64 letters, digits, - or _');
      const owner = wholeNumber(options.get('owner'), 'owner', MEMBER_ID);
      if (owner !== undefined) {
        const exists = await services.db
          .selectFrom('users')
          .select('id')
          .where('id', '=', owner)
          .executeTakeFirst();
        if (!exists) throw new CommandError(`No member ${owner}`);
      }
      const now = services.now();
      const created = await services.db
        .insertInto('promo_codes')
        .values({
          code,
          user_id: owner ?? null,
          invited_user_reward: required(
            wholeNumber(options.get('discount'), 'discount', { min: 1 }),
            'discount',
          ),
          invite_user_reward: wholeNumber(options.get('owner-reward'), 'owner-reward') ?? 0,
          use_times: wholeNumber(options.get('uses'), 'uses') ?? 0,
          expired_at: chinaDate(options.get('expires')) ?? null,
          created_at: now,
          updated_at: now,
        })
        .onConflict((conflict) => conflict.column('code').doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!created) throw new CommandError(`Promo code ${code} already exists`);
      out.line(
        `Created promo code ${created.code}: -￥${created.invited_user_reward}, uses ${created.use_times || 'unlimited'}, expires ${rawDateTime(created.expired_at) ?? 'never'}`,
      );
    },
  },
  {
    name: 'promo:list',
    usage: 'promo:list',
    summary: 'List promo codes with their discount, uses and expiry',
    async run(services, _args, out) {
      const rows = await services.db
        .selectFrom('promo_codes')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(500)
        .execute();
      if (rows.length === 0) out.line('No promo codes');
      for (const row of rows) {
        out.line(
          `${row.id}\t${row.code}\t-￥${row.invited_user_reward}\tused ${row.used_times}/${row.use_times || '∞'}\texpires ${rawDateTime(row.expired_at) ?? 'never'}${row.user_id ? `\towner ${row.user_id} (+￥${row.invite_user_reward})` : ''}`,
        );
      }
    },
  },
  {
    name: 'order:list',
    usage: 'order:list [--status 1|5|7|9|11] [--user <id>] [--limit <n>]',
    summary: 'List recent orders, newest first',
    async run(services, args, out) {
      const { options } = parseArgs(args, ['status', 'user', 'limit']);
      const status = wholeNumber(options.get('status'), 'status');
      if (status !== undefined && !statusText(status))
        throw new CommandError('--status must be 1, 5, 7, 9 or 11');
      const user = wholeNumber(options.get('user'), 'user', MEMBER_ID);
      let query = services.db
        .selectFrom('orders as o')
        .leftJoin('order_goods as g', 'g.order_id', 'o.id')
        .select([
          'o.order_id',
          'o.user_id',
          'o.status',
          'o.charge',
          'o.amount',
          'o.payment',
          'o.created_at',
          'g.goods_type',
          'g.goods_name',
        ])
        .orderBy('o.id', 'desc')
        .limit(wholeNumber(options.get('limit'), 'limit', { min: 1, max: 500 }) ?? 20);
      if (status !== undefined) query = query.where('o.status', '=', status);
      if (user !== undefined) query = query.where('o.user_id', '=', user);
      const rows = await query.execute();
      if (rows.length === 0) out.line('No orders');
      for (const row of rows) {
        out.line(
          `${row.order_id}\tuser ${row.user_id}\t${statusText(row.status)}\t￥${row.amount} (price ￥${row.charge})\t${row.payment || '-'}\t${row.goods_type ?? ''} ${row.goods_name ?? ''}\t${rawDateTime(row.created_at)}`,
        );
      }
    },
  },
  {
    name: 'order:show',
    usage: 'order:show <order_id>',
    summary: 'Show one order with its goods, payment events and refunds',
    async run(services, [orderNo], out) {
      if (!orderNo) throw new CommandError('Usage: order:show <order_id>');
      const order = await findOrder(services.db, orderNo);
      out.line(
        `Order ${order.order_id} (id ${order.id}) of user ${order.user_id}: ${statusText(order.status)} (${order.status})`,
      );
      out.line(
        `  price ￥${order.charge}, discount ￥${order.discount}, to pay ￥${order.amount}, refunded ￥${order.refunded_amount}`,
      );
      out.line(
        `  payment ${order.payment || '-'} ${order.payment_method || ''}, trade ${order.trade_no || '-'}`,
      );
      out.line(
        `  created ${rawDateTime(order.created_at)}, paid ${rawDateTime(order.paid_at) ?? '-'}, cancelled ${rawDateTime(order.cancelled_at) ?? '-'} ${order.cancel_reason}`,
      );
      const goods = await services.db
        .selectFrom('order_goods')
        .selectAll()
        .where('order_id', '=', order.id)
        .execute();
      for (const item of goods)
        out.line(
          `  goods ${item.goods_type} ${item.goods_id} ${item.goods_name} ￥${item.goods_charge}${item.goods_type === 'ROLE' ? ` ${item.expire_days} days` : ''}`,
        );
      const events = await services.db
        .selectFrom('order_payments')
        .selectAll()
        .where('order_id', '=', order.id)
        .orderBy('id')
        .execute();
      for (const event of events)
        out.line(
          `  ${isoTimestamp(event.created_at)} ${event.gateway} ${event.outcome} ${event.trade_no} ${event.amount_cents ?? ''} ${event.reason}`.trimEnd(),
        );
      const refunds = await services.db
        .selectFrom('refunds')
        .selectAll()
        .where('order_id', '=', order.id)
        .orderBy('id')
        .execute();
      for (const refund of refunds)
        out.line(
          `  refund ￥${refund.amount} ${isoTimestamp(refund.created_at)} ${refund.revoked_goods ? '(goods revoked) ' : ''}${refund.reason}`,
        );
    },
  },
  {
    name: 'order:mark-paid',
    usage: 'order:mark-paid <order_id> [--reference <bank transfer reference>]',
    summary:
      'Confirm a manual transfer: pays and delivers the order once (same path as a gateway notification)',
    async run(services, args, out) {
      const { positional, options } = parseArgs(args, ['reference']);
      const orderNo = positional[0];
      if (!orderNo) throw new CommandError('Usage: order:mark-paid <order_id> [--reference <text>]');
      const order = await findOrder(services.db, orderNo);
      if (order.payment !== '' && order.payment !== 'handPay')
        throw new CommandError(
          `Order ${orderNo} is paid through ${order.payment}: the gateway's notification confirms it, not an operator`,
        );
      const now = services.now();
      const result = await settlePayment(
        services.db,
        await services.settings.snapshot(),
        {
          source: 'handPay',
          signs: ['handPay'],
          outTradeNo: orderNo,
          tradeNo: (options.get('reference') ?? `manual-${now.getTime()}`).slice(0, 128),
          amountCents: order.amount * 100,
          payload: 'order:mark-paid',
        },
        now,
      );
      if (result.outcome === 'duplicate')
        throw new CommandError(`Order ${orderNo} is already paid; nothing changed`);
      if (result.outcome === 'rejected')
        throw new CommandError(`Order ${orderNo} not paid: ${result.reason}`);
      out.line(`Order ${orderNo} paid (￥${order.amount}) and delivered to user ${order.user_id}`);
      if (!result.firstDelivery)
        out.line('Warning: the member already owned this course; refund this payment');
    },
  },
  {
    name: 'order:refund',
    usage: 'order:refund <order_id> [--amount <yuan>] [--reason <text>] [--revoke]',
    summary: 'Record a refund (default: what is left); --revoke also takes back the course or VIP days',
    async run(services, args, out) {
      const { positional, options, flags } = parseArgs(args, ['amount', 'reason'], ['revoke']);
      const orderNo = positional[0];
      if (!orderNo)
        throw new CommandError(
          'Usage: order:refund <order_id> [--amount <yuan>] [--reason <text>] [--revoke]',
        );
      const requested = wholeNumber(options.get('amount'), 'amount', { min: 1 });
      const now = services.now();
      const done = await services.db.transaction().execute(async (trx) => {
        const order = await findOrder(trx, orderNo, { lock: true });
        if (order.status !== ORDER_STATUS.PAID)
          throw new CommandError(
            `Order ${orderNo} is ${statusText(order.status)}: only paid orders are refunded`,
          );
        const left = order.amount - order.refunded_amount;
        const amount = requested ?? left;
        if (amount < 1 || amount > left)
          throw new CommandError(`Order ${orderNo} has ￥${left} left to refund`);
        await trx
          .insertInto('refunds')
          .values({
            order_id: order.id,
            amount,
            reason: options.get('reason') ?? '',
            revoked_goods: flags.has('revoke') ? 1 : 0,
            created_at: now,
          })
          .execute();
        await trx
          .updateTable('orders')
          .set({ refunded_amount: sql`refunded_amount + ${amount}`, updated_at: now })
          .where('id', '=', order.id)
          .execute();
        if (amount === left) await transition(trx, 'refund', { id: order.id }, { updated_at: now });
        if (flags.has('revoke')) {
          const goods = await trx
            .selectFrom('order_goods')
            .select(['goods_type', 'goods_id', 'expire_days'])
            .where('order_id', '=', order.id)
            .execute();
          for (const item of goods) await revokeGoods(trx, order.user_id, item, now);
        }
        await notifyMember(trx, order.user_id, `订单${order.order_id}已退款${amount}元`);
        return { order, amount, full: amount === left };
      });
      out.line(
        `Refund of ￥${done.amount} recorded for order ${orderNo}${done.full ? ' (fully refunded)' : ''}${flags.has('revoke') ? '; goods revoked' : ''}`,
      );
      if (done.order.payment && done.order.payment !== 'handPay' && done.order.payment !== 'sandbox')
        out.line(
          `Return the money through the ${done.order.payment} merchant console (trade ${done.order.trade_no}).`,
        );
    },
  },
];

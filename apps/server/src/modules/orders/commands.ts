import type { Selectable } from 'kysely';
import { ORDER_STATUS } from '@kezhan/contract/orders';
import {
  createPromoCode,
  createRole,
  findOrderByNumber,
  listOrders,
  listPromoCodes,
  memberExists,
  OrderOperationError,
  orderDetail,
  updateRole,
} from './operator';
import { statusText } from './order-state';
import { refundOrder } from './refunds';
import { settlePayment } from './settle';
import type { RolesTable } from '../../shared/db/schema';
import { formatFen, yuanToFen } from '../../shared/money';
import { isoTimestamp, rawDateTime } from '../../shared/time';
import { parseCommandArgs } from '../../kernel/args';
import { CommandError, type CliCommand } from '../../kernel/command';

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

/** A yuan amount typed on the command line (`19.9`, at most two decimals) → fen. */
function yuanOption(value: string | undefined, name: string, { minFen = 0, maxFen = 100_000_000 } = {}) {
  if (value === undefined) return undefined;
  const fen = yuanToFen(value);
  if (Number.isNaN(fen) || fen < minFen || fen > maxFen)
    throw new CommandError(
      `--${name} must be an amount in yuan from ${formatFen(minFen)} to ${formatFen(maxFen)}, with at most two decimals`,
    );
  return fen;
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

const text = { type: 'string' } as const;
const flag = { type: 'boolean' } as const;
const ROLE_OPTIONS = { name: text, charge: text, days: text, weight: text, description: text };
const ROLE_DAYS = { min: 1, max: 36500 };
const MEMBER_ID = { min: 1, max: 2_147_483_647 };

const describeRole = (role: Selectable<RolesTable>) =>
  `${role.id}: ${role.name} ￥${formatFen(role.charge)} for ${role.expire_days} days${role.is_show ? '' : ' (hidden)'}`;

/** An operator's mistake found by the orders module, printed like the CLI's own. */
async function operatorStep<T>(step: Promise<T>): Promise<T> {
  try {
    return await step;
  } catch (error) {
    if (error instanceof OrderOperationError) throw new CommandError(error.message);
    throw error;
  }
}

export const commerceCommands: CliCommand[] = [
  {
    name: 'role:create',
    usage:
      'role:create --name <name> --charge <yuan> --days <n> [--weight <n>] [--description <text>] [--hidden]',
    summary: 'Create a VIP plan (description: one benefit per line, "\\n" separates lines)',
    async run(services, args, out) {
      const { values } = parseCommandArgs(args, { ...ROLE_OPTIONS, hidden: flag });
      const name = required(values.name?.trim(), 'name');
      if (name.length > 64) throw new CommandError('--name is at most 64 characters');
      const role = await createRole(
        services.db,
        {
          name,
          charge: required(yuanOption(values.charge, 'charge'), 'charge'),
          expire_days: required(wholeNumber(values.days, 'days', ROLE_DAYS), 'days'),
          weight: wholeNumber(values.weight, 'weight') ?? 0,
          description: (values.description ?? '').replace(/\\n/g, '\n'),
          is_show: values.hidden ? 0 : 1,
        },
        services.now(),
      );
      out.line(`Created role ${describeRole(role)}`);
    },
  },
  {
    name: 'role:update',
    usage:
      'role:update <id> [--name …] [--charge …] [--days …] [--weight …] [--description …] [--show|--hidden]',
    summary: 'Change a VIP plan (orders already placed keep the price and days they were sold with)',
    async run(services, args, out) {
      const { values, positionals } = parseCommandArgs(args, { ...ROLE_OPTIONS, show: flag, hidden: flag });
      const id = wholeNumber(positionals[0], 'id', { min: 1 });
      if (!id) throw new CommandError('Usage: role:update <id> [options]');
      if (values.show && values.hidden) throw new CommandError('Choose --show or --hidden, not both');
      const name = values.name?.trim();
      if (name !== undefined && (name === '' || name.length > 64))
        throw new CommandError('--name must be 1 to 64 characters');
      const changes = {
        name,
        charge: yuanOption(values.charge, 'charge'),
        expire_days: wholeNumber(values.days, 'days', ROLE_DAYS),
        weight: wholeNumber(values.weight, 'weight'),
        description: values.description?.replace(/\\n/g, '\n'),
        is_show: values.show ? 1 : values.hidden ? 0 : undefined,
      };
      const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      if (Object.keys(given).length === 0) throw new CommandError('Nothing to change');
      const role = await updateRole(services.db, id, given, services.now());
      if (!role) throw new CommandError(`No role ${id}`);
      out.line(`Updated role ${describeRole(role)}`);
    },
  },
  {
    name: 'promo:create',
    usage:
      'promo:create --discount <yuan> | --percent <1-100> [--code <CODE>] [--uses <n, 0 = unlimited>] [--per-member <n, 0 = unlimited; default 1>] [--expires <date|never>] [--owner <user id> --owner-reward <yuan>]',
    summary: 'Create a promo code (random code when --code is omitted; --expires is China time)',
    async run(services, args, out) {
      const { values } = parseCommandArgs(args, {
        code: text,
        discount: text,
        uses: text,
        expires: text,
        owner: text,
        'owner-reward': text,
        percent: text,
        'per-member': text,
      });
      const percent = wholeNumber(values.percent, 'percent', { min: 1, max: 100 });
      if ((percent === undefined) === (values.discount === undefined))
        throw new CommandError('Give either --discount <yuan> or --percent <1-100>');
      const code = values.code ?? `KZ${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(code))
        throw new CommandError('--code: 1 to 64 letters, digits, - or _');
      const owner = wholeNumber(values.owner, 'owner', MEMBER_ID);
      if (owner !== undefined && !(await memberExists(services.db, owner)))
        throw new CommandError(`No member ${owner}`);
      const created = await createPromoCode(
        services.db,
        {
          code,
          user_id: owner ?? null,
          ...(percent === undefined
            ? {
                invited_user_reward: required(
                  yuanOption(values.discount, 'discount', { minFen: 1 }),
                  'discount',
                ),
              }
            : { invited_user_reward: 0, discount_type: 'percent' as const, percent_off: percent }),
          per_user_limit: wholeNumber(values['per-member'], 'per-member', { max: 1000 }) ?? 1,
          invite_user_reward: yuanOption(values['owner-reward'], 'owner-reward') ?? 0,
          use_times: wholeNumber(values.uses, 'uses') ?? 0,
          expired_at: chinaDate(values.expires) ?? null,
        },
        services.now(),
      );
      if (!created) throw new CommandError(`Promo code ${code} already exists`);
      out.line(
        `Created promo code ${created.code}: ${created.discount_type === 'percent' ? `-${created.percent_off}%` : `-￥${formatFen(created.invited_user_reward)}`}, uses ${created.use_times || 'unlimited'}, expires ${rawDateTime(created.expired_at) ?? 'never'}`,
      );
    },
  },
  {
    name: 'promo:list',
    usage: 'promo:list',
    summary: 'List promo codes with their discount, uses and expiry',
    async run(services, args, out) {
      parseCommandArgs(args, {});
      const rows = await listPromoCodes(services.db);
      if (rows.length === 0) out.line('No promo codes');
      for (const row of rows) {
        out.line(
          `${row.id}\t${row.code}\t${row.discount_type === 'percent' ? `-${row.percent_off}%` : `-￥${formatFen(row.invited_user_reward)}`}\tused ${row.used_times}/${row.use_times || '∞'}\texpires ${rawDateTime(row.expired_at) ?? 'never'}${row.user_id ? `\towner ${row.user_id} (+￥${formatFen(row.invite_user_reward)})` : ''}${row.is_enabled ? '' : '\tdisabled'}`,
        );
      }
    },
  },
  {
    name: 'order:list',
    usage: 'order:list [--status 1|5|7|9|11] [--user <id>] [--limit <n>]',
    summary: 'List recent orders, newest first',
    async run(services, args, out) {
      const { values } = parseCommandArgs(args, { status: text, user: text, limit: text });
      const status = wholeNumber(values.status, 'status');
      if (status !== undefined && !statusText(status))
        throw new CommandError('--status must be 1, 5, 7, 9 or 11');
      const rows = await listOrders(services.db, {
        status,
        userId: wholeNumber(values.user, 'user', MEMBER_ID),
        limit: wholeNumber(values.limit, 'limit', { min: 1, max: 500 }) ?? 20,
      });
      if (rows.length === 0) out.line('No orders');
      for (const row of rows) {
        out.line(
          `${row.order_id}\tuser ${row.user_id}\t${statusText(row.status)}\t￥${formatFen(row.amount)} (price ￥${formatFen(row.charge)})\t${row.payment || '-'}\t${row.goods_type ?? ''} ${row.goods_name ?? ''}\t${rawDateTime(row.created_at)}`,
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
      const { order, goods, events, refunds } = await operatorStep(orderDetail(services.db, orderNo));
      out.line(
        `Order ${order.order_id} (id ${order.id}) of user ${order.user_id}: ${statusText(order.status)} (${order.status})`,
      );
      out.line(
        `  price ￥${formatFen(order.charge)}, discount ￥${formatFen(order.discount)}, to pay ￥${formatFen(order.amount)}, refunded ￥${formatFen(order.refunded_amount)}`,
      );
      out.line(
        `  payment ${order.payment || '-'} ${order.payment_method || ''}, trade ${order.trade_no || '-'}`,
      );
      out.line(
        `  created ${rawDateTime(order.created_at)}, paid ${rawDateTime(order.paid_at) ?? '-'}, cancelled ${rawDateTime(order.cancelled_at) ?? '-'} ${order.cancel_reason}`,
      );
      for (const item of goods)
        out.line(
          `  goods ${item.goods_type} ${item.goods_id} ${item.goods_name} ￥${formatFen(item.goods_charge)}${item.goods_type === 'ROLE' ? ` ${item.expire_days} days` : ''}`,
        );
      for (const event of events)
        out.line(
          `  ${isoTimestamp(event.created_at)} ${event.gateway} ${event.outcome} ${event.trade_no} ${event.amount_cents ?? ''} ${event.reason}`.trimEnd(),
        );
      for (const refund of refunds)
        out.line(
          `  refund ${refund.out_refund_no} ￥${formatFen(refund.amount)} ${refund.status} ${isoTimestamp(refund.created_at)} ${refund.revoked_goods ? '(goods revoked) ' : ''}${refund.reason}`,
        );
    },
  },
  {
    name: 'order:mark-paid',
    usage: 'order:mark-paid <order_id> [--reference <bank transfer reference>]',
    summary:
      'Confirm a manual transfer: pays and delivers the order once (same path as a gateway notification)',
    async run(services, args, out) {
      const { values, positionals } = parseCommandArgs(args, { reference: text });
      const orderNo = positionals[0];
      if (!orderNo) throw new CommandError('Usage: order:mark-paid <order_id> [--reference <text>]');
      const order = await operatorStep(findOrderByNumber(services.db, orderNo));
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
          tradeNo: (values.reference ?? `manual-${now.getTime()}`).slice(0, 128),
          amountCents: order.amount,
          payload: 'order:mark-paid',
        },
        now,
      );
      if (result.outcome === 'duplicate')
        throw new CommandError(`Order ${orderNo} is already paid; nothing changed`);
      if (result.outcome === 'rejected')
        throw new CommandError(`Order ${orderNo} not paid: ${result.reason}`);
      out.line(`Order ${orderNo} paid (￥${formatFen(order.amount)}) and delivered to user ${order.user_id}`);
    },
  },
  {
    name: 'order:refund',
    usage: 'order:refund <order_id> [--amount <yuan>] [--reason <text>] [--revoke]',
    summary:
      "Refund through the order's gateway (default: what is left); --revoke also takes back the course or VIP days (a full refund always does)",
    async run(services, args, out) {
      const { values, positionals } = parseCommandArgs(args, { amount: text, reason: text, revoke: flag });
      const orderNo = positionals[0];
      if (!orderNo)
        throw new CommandError(
          'Usage: order:refund <order_id> [--amount <yuan>] [--reason <text>] [--revoke]',
        );
      const refund = await operatorStep(
        refundOrder(services, orderNo, {
          amount: yuanOption(values.amount, 'amount', { minFen: 1 }),
          reason: values.reason ?? '',
          revoke: values.revoke === true,
          actor: 'cli',
        }),
      );
      const order = await findOrderByNumber(services.db, orderNo);
      const through = refund.gateway === 'manual' ? '' : ` through ${refund.gateway}`;
      if (refund.status === 'failed')
        throw new CommandError(
          `Refund of ￥${formatFen(refund.amount)} for order ${orderNo} failed${through}: ${refund.failure_reason}`,
        );
      if (refund.status === 'processing') {
        out.line(
          `Refund of ￥${formatFen(refund.amount)} for order ${orderNo} sent${through} (${refund.out_refund_no}); it completes when the gateway confirms${refund.failure_reason ? ` — ${refund.failure_reason}` : ''}`,
        );
        return;
      }
      out.line(
        `Refund of ￥${formatFen(refund.amount)} recorded for order ${orderNo}${order.status === ORDER_STATUS.REFUNDED ? ' (fully refunded)' : ''}${refund.revoked_goods ? '; goods revoked' : ''}`,
      );
      if (refund.gateway === 'manual' && order.payment === 'handPay')
        out.line('Return the money to the member by bank transfer.');
    },
  },
];

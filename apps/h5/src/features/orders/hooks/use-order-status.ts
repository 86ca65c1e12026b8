import { ORDER_STATUS } from '@kezhan/contract/browser';
import { useCallback, useEffect, useState } from 'react';
import { useApiQuery } from '@/shared/data/query';
import { ApiError } from '@/shared/http/client';
import { getOrderStatus } from '../api/get-order-status';

export const POLL_INTERVAL_MS = 2000;
/** After this long without a final status the page offers a manual refresh. */
export const POLL_TIMEOUT_MS = 60_000;

export type OrderPollState = 'checking' | 'paid' | 'cancelled' | 'refunded' | 'missing' | 'timeout';

const FINAL: Record<number, OrderPollState> = {
  [ORDER_STATUS.PAID]: 'paid',
  [ORDER_STATUS.CANCELLED]: 'cancelled',
  [ORDER_STATUS.REFUNDED]: 'refunded',
};

/**
 * Polls the order until the server says it is paid (or final). The gateway's return to our
 * page proves nothing: only the verified notification settles the order on the server.
 * Network failures keep polling; an unknown order stops it; after POLL_TIMEOUT_MS it gives up
 * until `refresh`.
 */
export function useOrderStatus(orderId: string) {
  const [pollingSince, setPollingSince] = useState(() => Date.now());
  const [timedOut, setTimedOut] = useState(false);
  const [polling, setPolling] = useState(true);
  const status = useApiQuery(
    ['order-status', orderId],
    async (signal) => (await getOrderStatus(orderId, signal)).data,
    { enabled: orderId !== '', pollingInterval: polling ? POLL_INTERVAL_MS : 0 },
  );

  const failure = status.error;
  let state: OrderPollState = 'checking';
  if (!orderId) state = 'missing';
  else if (status.data && FINAL[status.data.status]) state = FINAL[status.data.status];
  else if (failure instanceof ApiError && (failure.kind === 'business' || failure.kind === 'not-found'))
    state = 'missing';
  else if (timedOut) state = 'timeout';
  if (polling && state !== 'checking') setPolling(false);

  const { cancel, refetch } = status;
  useEffect(() => {
    if (!orderId || !polling) return;
    const timer = setTimeout(
      () => {
        cancel();
        setTimedOut(true);
      },
      pollingSince + POLL_TIMEOUT_MS - Date.now(),
    );
    return () => clearTimeout(timer);
  }, [orderId, polling, pollingSince, cancel]);

  const refresh = useCallback(() => {
    setTimedOut(false);
    setPolling(true);
    setPollingSince(Date.now());
    refetch();
  }, [refetch]);
  return { state, refresh };
}

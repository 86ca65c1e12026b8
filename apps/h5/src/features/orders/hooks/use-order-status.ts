import { ORDER_STATUS } from '@kezhan/contract/browser';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '@/shared/http/client';
import { getOrderStatus } from '../api/get-order-status';

export const POLL_INTERVAL_MS = 2000;
/** After this long without a final status the page offers a manual refresh. */
export const POLL_TIMEOUT_MS = 60_000;

export type OrderPollState = 'checking' | 'paid' | 'cancelled' | 'refunded' | 'missing' | 'timeout';

/**
 * Polls the order until the server says it is paid (or final). The gateway's return to our
 * page proves nothing: only the verified notification settles the order on the server.
 * Network failures keep polling; an unknown order stops it.
 */
export function useOrderStatus(orderId: string) {
  const [state, setState] = useState<OrderPollState>(orderId ? 'checking' : 'missing');
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!orderId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    let attempts = 0;
    setState('checking');

    const tick = async () => {
      attempts += 1;
      try {
        const { data } = await getOrderStatus(orderId, controller.signal);
        if (stopped) return;
        if (data.status === ORDER_STATUS.PAID) return setState('paid');
        if (data.status === ORDER_STATUS.CANCELLED) return setState('cancelled');
        if (data.status === ORDER_STATUS.REFUNDED) return setState('refunded');
      } catch (e) {
        if (stopped) return;
        if (e instanceof ApiError && (e.kind === 'business' || e.kind === 'not-found'))
          return setState('missing');
      }
      if (attempts * POLL_INTERVAL_MS >= POLL_TIMEOUT_MS) return setState('timeout');
      timer = setTimeout(() => void tick(), POLL_INTERVAL_MS);
    };
    void tick();

    return () => {
      stopped = true;
      clearTimeout(timer);
      controller.abort();
    };
  }, [orderId, round]);

  const refresh = useCallback(() => setRound((r) => r + 1), []);
  return { state, refresh };
}

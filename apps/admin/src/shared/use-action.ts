import { useState } from 'react';
import { App } from 'antd';

/**
 * Runs a change against the server: `busy` while it is under way, then the success toast and
 * `onDone` (usually a reload), or the error toast. `run` resolves whether it succeeded.
 */
export function useAction(onDone?: () => void) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<unknown>, done?: string) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      if (error instanceof Error) message.error(error.message);
      return false;
    } finally {
      setBusy(false);
    }
    if (done) message.success(done);
    onDone?.();
    return true;
  };
  return { run, busy };
}

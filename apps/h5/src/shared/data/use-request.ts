import usePollingPlugin from 'ahooks/es/useRequest/src/plugins/usePollingPlugin';
import useAutoRunPlugin from 'ahooks/es/useRequest/src/plugins/useAutoRunPlugin';
import type { Options, Plugin, Result, Service } from 'ahooks/es/useRequest/src/types';
import useRequestImplement from 'ahooks/es/useRequest/src/useRequestImplement';

/**
 * ahooks' `useRequest` with only the plugins the data layer uses: `ready` / `refreshDeps` (auto run)
 * and `pollingInterval`, in the order `useRequest` runs them. Its default set also brings
 * debounce and throttle (with lodash), cache, retry, refresh on focus and loading delay: about
 * 1.7 KB gzipped of the shell that no query asks for.
 */
export function useRequest<TData, TParams extends unknown[]>(
  service: Service<TData, TParams>,
  options?: Options<TData, TParams>,
): Result<TData, TParams> {
  // The plugins are typed for any parameters; these two never look at them.
  const plugins = [usePollingPlugin, useAutoRunPlugin] as unknown as Plugin<TData, TParams>[];
  return useRequestImplement(service, options, plugins);
}

import { type ComponentType, createElement, use } from "react"

/**
 * A component whose code loads on demand, once: a preload (`start`) and the component share one download. Once the
 * code is in, the component renders it without suspending. (React.lazy suspends on its first render even when the
 * code is already here, and React then holds the revealed content back by its throttle of Suspense reveals: 300-500
 * ms of the fallback for code that was already loaded.) Before that it suspends like a lazy component, and it is
 * the same component type throughout, so nothing below it remounts when the code arrives.
 *
 * With a `fallback`, a failed download (offline before the code ever came) renders that instead of throwing, and the
 * next `start` tries again.
 */
export function onDemand<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  fallback?: ComponentType<P>,
) {
  let loaded: ComponentType<P> | undefined
  let pending: Promise<{ default: ComponentType<P> }> | undefined
  const start = () => {
    pending ??= load().then(
      (module) => {
        loaded = module.default
        return module
      },
      (error: unknown) => {
        pending = undefined
        if (fallback) return { default: fallback }
        throw error
      },
    )
    return pending
  }
  // biome-ignore lint/correctness/noComponentHookFactories: made once per module at its load, like React.lazy's
  function OnDemand(props: P) {
    return createElement(loaded ?? use(start()).default, props)
  }
  return { start, Component: OnDemand, loaded: () => loaded !== undefined }
}

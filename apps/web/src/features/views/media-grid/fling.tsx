// Pictures load when the grid is read, not while it is flung past: above FLING_PX_PER_S a card that comes into view
// keeps its placeholder, and gets its picture once scrolling has been slower than that (or stopped) for CALM_MS. Decoding and drawing
// a picture per card is the largest cost of a fast scroll, and nobody sees pictures that pass at that speed.
import {
  createContext,
  type ImgHTMLAttributes,
  type RefObject,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from "react"

export const FLING_PX_PER_S = 4000
const CALM_MS = 150

/** Whether the grid is being flung, outside React state: a change re-renders the images, not the grid. */
export interface FlingState {
  get: () => boolean
  subscribe: (listener: () => void) => () => void
}

function createFlingState() {
  let fast = false
  const listeners = new Set<() => void>()
  return {
    get: () => fast,
    set(next: boolean) {
      if (next === fast) return
      fast = next
      for (const listener of listeners) listener()
    },
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

const idle: FlingState = { get: () => false, subscribe: () => () => {} }
const FlingContext = createContext<FlingState>(idle)
export const FlingProvider = FlingContext.Provider

/** Follows the element's scrolling: fast while it moves faster than FLING_PX_PER_S, and CALM_MS after. */
export function useFling(ref: RefObject<HTMLElement | null>): FlingState {
  const [state] = useState(createFlingState)
  // A layout effect, called before the grid's virtualizer: its scroll listener then comes first and reads scrollTop
  // before the virtualizer's listener renders the new cards; read after them, it forced a layout of those cards
  // inside the scroll event.
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    let lastTop = element.scrollTop
    let lastAt = performance.now()
    let calm: ReturnType<typeof setTimeout> | undefined
    const onScroll = () => {
      const now = performance.now()
      const top = element.scrollTop
      // The first event after a pause cannot tell the speed: it counts as fast until CALM_MS shows otherwise, so
      // the cards of a fling's first frames wait too.
      const starting = now - lastAt > CALM_MS
      const speed = starting ? Number.POSITIVE_INFINITY : (Math.abs(top - lastTop) / Math.max(1, now - lastAt)) * 1000
      lastTop = top
      lastAt = now
      if (speed < FLING_PX_PER_S) return
      state.set(true)
      clearTimeout(calm)
      calm = setTimeout(() => state.set(false), CALM_MS)
    }
    element.addEventListener("scroll", onScroll, { passive: true })
    return () => {
      element.removeEventListener("scroll", onScroll)
      clearTimeout(calm)
    }
  }, [ref, state])
  return state
}

/**
 * An image that waits while its grid is flung; once shown it stays, so a picture never blinks out. It is drawn once
 * decoded (HTMLImageElement.decode(), off the page's thread): a picture decoded while it is drawn holds up the
 * compositor's frame, and when pages arrive late (a slow server, a busy machine) the pictures of a grid that rested
 * at the end of its rows were decoded in the frames of the scroll that followed (views-perf: 50–67 ms frames with
 * none of the page's own work in them, gone with the pictures blocked). Until then its card shows its placeholder.
 */
export function FlingImg({ src, ...rest }: ImgHTMLAttributes<HTMLImageElement> & { src: string }) {
  const state = useContext(FlingContext)
  const flinging = useSyncExternalStore(state.subscribe, state.get)
  const shown = useRef(false)
  if (!flinging) shown.current = true
  const [decoded, setDecoded] = useState<string | null>(null)
  const ref = useRef<HTMLImageElement>(null)
  const pending = shown.current && decoded !== src
  useEffect(() => {
    const image = ref.current
    if (!pending || !image) return
    let live = true
    // A picture that fails to load or decode is shown anyway: the browser then draws its broken state or alt text.
    const done = () => {
      if (live) setDecoded(src)
    }
    image.decode().then(done, done)
    return () => {
      live = false
    }
  }, [pending, src])
  return (
    // biome-ignore lint/a11y/useAltText: the caller passes alt
    <img
      ref={ref}
      {...rest}
      src={shown.current ? src : undefined}
      style={pending ? { ...rest.style, visibility: "hidden" } : rest.style}
    />
  )
}

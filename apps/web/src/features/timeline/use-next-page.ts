// Asks for a list's next page once the rows drawn come near its end, in a task of its own: asked from the effect,
// the request started inside the scroll frame that drew those rows (the virtualizer renders synchronously in the
// scroll event, and React runs the effects of such a render at once), and starting a fetch and updating the
// query's state cost that frame 10 ms and more on a slow machine.
import { useEffect, useRef } from "react"

export function useNextPage(wanted: boolean, fetchNextPage: () => void): void {
  const fetchRef = useRef(fetchNextPage)
  fetchRef.current = fetchNextPage
  const queued = useRef(false)
  // After every render (each scroll frame draws one), as the list did before: a page that did not start is asked again.
  useEffect(() => {
    if (!wanted || queued.current) return
    queued.current = true
    setTimeout(() => {
      queued.current = false
      fetchRef.current()
    }, 0)
  })
}

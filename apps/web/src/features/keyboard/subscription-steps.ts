// h / l: the previous or next row of the subscription list, in the order the sidebar shows them (All, Starred,
// folders and feeds as expanded), so the keys follow what the reader sees.

const ROWS = "[data-focus-scope='subscription-list'] a[href^='/timeline/']:not([data-testid^='view-tab'])"

/** "/timeline/view-0/all/pending" → "/timeline/view-0/all": the list a path shows, whatever entry is open. */
const listOf = (path: string) => path.split("/").slice(0, 4).join("/")

export function stepSubscription(delta: 1 | -1, pathname = window.location.pathname): void {
  const rows = [...document.querySelectorAll<HTMLAnchorElement>(ROWS)]
  if (rows.length === 0) return
  // The address, not the highlighted row: a second press can come before React renders the first one's move.
  const at = rows.findIndex((row) => listOf(row.getAttribute("href") ?? "") === listOf(pathname))
  const next = at === -1 ? 0 : Math.min(Math.max(at + delta, 0), rows.length - 1)
  rows[next]?.click()
}

// h / l: the previous or next row of the subscription list, in the order the sidebar shows them (All, Starred,
// folders and feeds as expanded), so the keys follow what the reader sees.

const ROWS = "[data-focus-scope='subscription-list'] a[href^='/timeline/']:not([data-testid^='view-tab'])"

export function stepSubscription(delta: 1 | -1): void {
  const rows = [...document.querySelectorAll<HTMLAnchorElement>(ROWS)]
  if (rows.length === 0) return
  const at = rows.findIndex((row) => row.getAttribute("aria-current") === "page")
  const next = at === -1 ? 0 : Math.min(Math.max(at + delta, 0), rows.length - 1)
  rows[next]?.click()
}

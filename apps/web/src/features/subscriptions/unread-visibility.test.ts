import { describe, expect, it } from "vitest"
import { showsUnreadCounts } from "./unread-visibility.ts"

describe("showsUnreadCounts", () => {
  it("follows the sidebar setting on wide screens and the phone setting under 1024 px", () => {
    const ui = (desktop: boolean, phone: boolean) => ({
      sidebarShowUnreadCount: desktop,
      showUnreadCountViewAndSubscriptionMobile: phone,
    })
    expect(showsUnreadCounts(false, ui(true, false))).toBe(true)
    expect(showsUnreadCounts(false, ui(false, true))).toBe(false)
    expect(showsUnreadCounts(true, ui(true, false))).toBe(false)
    expect(showsUnreadCounts(true, ui(false, true))).toBe(true)
  })
})

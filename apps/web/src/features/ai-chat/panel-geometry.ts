// The floating AI panel's place (spec client §3): 500 wide, 90 % of the window's height kept between 600 and 1000,
// bottom right with a 20 px margin. A window too short for 600 gets what fits inside the margins.
export const PANEL_WIDTH = 500
export const PANEL_MARGIN = 20

export function panelHeight(windowHeight: number): number {
  const wanted = Math.min(1000, Math.max(600, Math.round(windowHeight * 0.9)))
  return Math.min(wanted, windowHeight - 2 * PANEL_MARGIN)
}

export function floatingPanelBox(windowWidth: number, windowHeight: number) {
  return {
    width: Math.min(PANEL_WIDTH, windowWidth - 2 * PANEL_MARGIN),
    height: panelHeight(windowHeight),
    right: PANEL_MARGIN,
    bottom: PANEL_MARGIN,
  }
}

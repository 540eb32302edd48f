// The small button that opens and closes a card's panel (a preview, a form): "×" and its close label while open.
import { Button } from "./button.tsx"
import { Icon } from "./icons.tsx"

export function DisclosureButton(props: {
  open: boolean
  controls: string
  openLabel: string
  closeLabel: string
  onToggle: () => void
  testId?: string
}) {
  return (
    <Button
      size="sm"
      variant={props.open ? "ghost" : "secondary"}
      aria-expanded={props.open}
      aria-controls={props.controls}
      onClick={props.onToggle}
      data-testid={props.testId}
    >
      <Icon name={props.open ? "x" : "plus"} />
      <span>{props.open ? props.closeLabel : props.openLabel}</span>
    </Button>
  )
}

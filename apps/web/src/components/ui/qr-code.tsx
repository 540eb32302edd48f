// A QR code drawn as one SVG path (dark modules on a white quiet zone, so phones read it in dark mode too).
import { useMemo } from "react"
import { encode } from "uqr"

export function QrCode({ text, label, size = 176 }: { text: string; label: string; size?: number }) {
  const { path, modules } = useMemo(() => {
    const { data, size: count } = encode(text, { ecc: "M", border: 2 })
    const parts: string[] = []
    for (const [y, row] of data.entries()) {
      for (const [x, dark] of row.entries()) if (dark) parts.push(`M${x} ${y}h1v1h-1z`)
    }
    return { path: parts.join(""), modules: count }
  }, [text])
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${modules} ${modules}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      className="rounded-md bg-white"
      data-testid="qr-code"
    >
      <path d={path} fill="#000" />
    </svg>
  )
}

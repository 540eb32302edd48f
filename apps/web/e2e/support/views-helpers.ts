// Helpers of the views browser test: a recorded WebM clip, and screenshots at both sizes with axe on each.
import { mkdirSync } from "node:fs"
import path from "node:path"
import type { Browser, Page } from "playwright-core"
import { seriousViolations } from "./axe.ts"
import { expectNoPhoneOverflow, PHONE_WIDTH, screenshotsRoot } from "./evidence.ts"

const shotDir = process.env.VIEWS_SHOTS ?? path.join(screenshotsRoot, "views")

/** A short WebM clip with moving colour and a real sound track, recorded by MediaRecorder in the browser. */
export async function recordWebm(browser: Browser): Promise<Buffer> {
  const recorder = await browser.newPage()
  await recorder.setContent("<button id=go>go</button>")
  // A click gives the page user activation, so its AudioContext runs and the clip has a real sound track.
  await recorder.click("#go")
  const bytes = await recorder.evaluate(async () => {
    const canvas = document.createElement("canvas")
    canvas.width = 320
    canvas.height = 180
    const context = canvas.getContext("2d") as CanvasRenderingContext2D
    const stream = canvas.captureStream(25)
    const audio = new AudioContext()
    await audio.resume()
    const tone = audio.createOscillator()
    const destination = audio.createMediaStreamDestination()
    tone.connect(destination)
    tone.start()
    stream.addTrack(destination.stream.getAudioTracks()[0])
    const rec = new MediaRecorder(stream, { mimeType: "video/webm;codecs=vp8,opus" })
    const chunks: Blob[] = []
    rec.ondataavailable = (event) => chunks.push(event.data)
    let frame = 0
    const timer = setInterval(() => {
      context.fillStyle = `hsl(${(frame * 12) % 360} 70% 50%)`
      context.fillRect(0, 0, 320, 180)
      frame++
    }, 40)
    rec.start()
    await new Promise((resolve) => setTimeout(resolve, 4000))
    const stopped = new Promise((resolve) => {
      rec.onstop = resolve
    })
    rec.stop()
    await stopped
    clearInterval(timer)
    return Array.from(new Uint8Array(await new Blob(chunks).arrayBuffer()))
  })
  await recorder.close()
  return Buffer.from(bytes)
}

export async function shoot(page: Page, name: string) {
  mkdirSync(shotDir, { recursive: true })
  await page.waitForTimeout(300)
  await expectNoPhoneOverflow(page, name)
  await page.screenshot({ path: path.join(shotDir, `${name}.png`) })
}

/**
 * Both sizes of one screen, each screenshotted (which fails when the phone size scrolls sideways: evidence.ts) and
 * checked by axe on the whole page. The axe problems are returned for the caller to assert on (an empty list).
 */
export async function shootBoth(page: Page, name: string): Promise<string[]> {
  const problems: string[] = []
  for (const [width, height] of [
    [1280, 800],
    [PHONE_WIDTH, 844],
  ]) {
    await page.setViewportSize({ width, height })
    // The phone layout's code comes a few seconds after a desktop's first screen (routes/timeline.tsx): a shot
    // sooner after a reload (the podcast test's) would show the page waiting for it.
    if (width === PHONE_WIDTH) await page.locator("[data-layout=mobile]").waitFor()
    await shoot(page, `${name}-${width}`)
    for (const v of await seriousViolations(page)) problems.push(`${name}@${width} ${v.id}: ${v.targets.join(", ")}`)
  }
  await page.setViewportSize({ width: 1280, height: 800 })
  return problems
}

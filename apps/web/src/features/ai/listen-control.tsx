// "Listen" on the entry: a speech model reads it (POST /ai/tts: the user's own from Settings › AI, else the
// server's; played from a blob in an <audio> element of its own), or, when neither is there or it fails, the
// browser's speech synthesis with the voice setting. Play, pause and stop. Not the app's audio player: that one
// persists its track across reloads, and a blob: URL dies with the page.
import { useEffect, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { fetchSpeech, type SpeechSource } from "../../api/speech.ts"
import { Button } from "../../components/ui/button.tsx"
import { Spinner } from "../../components/ui/spinner.tsx"
import { errorMessage } from "../../i18n/error-message.ts"
import { useSettingsStore } from "../../stores/settings-store.ts"
import { MediaIcon } from "../views/media-icons.tsx"
import { type BrowserSpeech, browserSpeechAvailable, speakInBrowser } from "./browser-speech.ts"

type Engine = "server" | "browser"
type Phase =
  | { kind: "idle" }
  | { kind: "loading" }
  | { kind: "playing" | "paused"; engine: Engine }
  | { kind: "failed"; message: string }

export interface ListenControlProps {
  entryId: string
  title: string
  /** The HTML shown, read by the browser's voice when the server has none. */
  html: string
  source: SpeechSource
}

function plainText(title: string, html: string): string {
  const body = new DOMParser().parseFromString(html, "text/html").body.textContent ?? ""
  return [title, body].filter((part) => part.trim()).join(". ")
}

function StopIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-3.5" aria-hidden="true" focusable="false">
      <rect x="5" y="5" width="14" height="14" rx="2" fill="currentColor" />
    </svg>
  )
}

export function ListenControl({ entryId, title, html, source }: ListenControlProps) {
  const { t } = useTranslation("speech")
  const voice = useSettingsStore((state) => state.general.voice)
  const [phase, setPhase] = useState<Phase>({ kind: "idle" })
  const audioRef = useRef<HTMLAudioElement>(null)
  const [audioUrl, setAudioUrl] = useState<string | null>(null)
  const browser = useRef<BrowserSpeech | null>(null)
  const request = useRef<AbortController | null>(null)

  const release = () => {
    request.current?.abort()
    request.current = null
    browser.current?.stop()
    browser.current = null
    audioRef.current?.pause()
    setAudioUrl((url) => {
      if (url) URL.revokeObjectURL(url)
      return null
    })
  }
  // Another entry, or leaving it, stops the reading.
  // biome-ignore lint/correctness/useExhaustiveDependencies: release only touches refs and setters
  useEffect(() => {
    setPhase({ kind: "idle" })
    return release
  }, [entryId])

  const speakLocally = (serverError: unknown) => {
    if (!browserSpeechAvailable()) {
      setPhase({ kind: "failed", message: errorMessage(serverError) })
      return
    }
    browser.current = speakInBrowser(plainText(title, html), voice, (failed) => {
      browser.current = null
      setPhase(failed ? { kind: "failed", message: t("browser_failed") } : { kind: "idle" })
    })
    setPhase({ kind: "playing", engine: "browser" })
  }

  const start = async () => {
    release()
    setPhase({ kind: "loading" })
    const controller = new AbortController()
    request.current = controller
    try {
      const blob = await fetchSpeech({ entryId, source }, controller.signal)
      if (controller.signal.aborted) return
      setAudioUrl(URL.createObjectURL(blob))
      setPhase({ kind: "playing", engine: "server" })
    } catch (error) {
      if (controller.signal.aborted) return
      speakLocally(error)
    }
  }

  // The element gets its source on render; playing starts once it is there.
  useEffect(() => {
    const audio = audioRef.current
    if (!audio || !audioUrl) return
    audio.play().catch((error: unknown) => {
      // Autoplay refused or the audio undecodable: say so rather than sit in "playing".
      if ((error as DOMException)?.name !== "AbortError") setPhase({ kind: "failed", message: t("audio_failed") })
    })
  }, [audioUrl, t])

  const pause = () => {
    if (phase.kind !== "playing") return
    if (phase.engine === "server") audioRef.current?.pause()
    else browser.current?.pause()
    setPhase({ kind: "paused", engine: phase.engine })
  }
  const resume = () => {
    if (phase.kind !== "paused") return
    if (phase.engine === "server") void audioRef.current?.play()
    else browser.current?.resume()
    setPhase({ kind: "playing", engine: phase.engine })
  }
  const stop = () => {
    release()
    setPhase({ kind: "idle" })
  }

  const active = phase.kind === "playing" || phase.kind === "paused"
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2" data-testid="listen-control" data-phase={phase.kind}>
      {phase.kind === "idle" || phase.kind === "failed" ? (
        <Button size="sm" variant="secondary" onClick={() => void start()} data-testid="listen-start">
          <MediaIcon name="volume" className="size-3.5" />
          {t("listen")}
        </Button>
      ) : phase.kind === "loading" ? (
        <Button size="sm" variant="secondary" onClick={stop} data-testid="listen-cancel">
          <Spinner className="size-3" label={t("preparing")} />
          {t("cancel")}
        </Button>
      ) : (
        <>
          <Button
            size="sm"
            variant="secondary"
            onClick={phase.kind === "playing" ? pause : resume}
            data-testid="listen-toggle"
          >
            <MediaIcon name={phase.kind === "playing" ? "pause" : "play"} className="size-3.5" />
            {phase.kind === "playing" ? t("pause") : t("resume")}
          </Button>
          <Button size="sm" variant="ghost" onClick={stop} data-testid="listen-stop">
            <StopIcon />
            {t("stop")}
          </Button>
        </>
      )}
      <p className="min-w-0 text-xs text-ink-soft" aria-live="polite" data-testid="listen-status">
        {phase.kind === "loading" && t("preparing")}
        {active && (phase.engine === "server" ? t("engine.server") : t("engine.browser", { voice }))}
        {phase.kind === "failed" && (
          <span role="alert" className="text-red-700 dark:text-red-300">
            {phase.message}
          </span>
        )}
      </p>
      {/* Only once there is speech: an idle entry adds no media element beside the app's audio player. */}
      {audioUrl && (
        // biome-ignore lint/a11y/useMediaCaption: speech of the article's own text, which is on the page
        <audio
          ref={audioRef}
          src={audioUrl}
          className="hidden"
          data-testid="listen-audio"
          // The audio stays loaded (replayable, inspectable) until the next start or leaving the entry.
          onEnded={() => setPhase({ kind: "idle" })}
        />
      )}
    </div>
  )
}

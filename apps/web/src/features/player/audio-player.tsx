// The floating audio player: artwork, title, play/pause (a spinner while loading), skip back 15 s / forward 30 s,
// a seek bar with h:mm:ss times, playback rate, mute and close. Loaded on demand; stays mounted while reading.
import { useEffect, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { FeedIcon } from "../../components/ui/feed-icon.tsx"
import { Spinner } from "../../components/ui/spinner.tsx"
import { track } from "../../lib/analytics.ts"
import { formatMediaTime } from "../../lib/media-time.ts"
import { TOGGLE_PLAY_EVENT } from "../keyboard/commands.ts"
import { MediaIcon, type MediaIconName } from "../views/media-icons.tsx"
import { PLAYBACK_RATES, SKIP_BACK_SECONDS, SKIP_FORWARD_SECONDS } from "./player-state.ts"
import { playerStore } from "./player-store.ts"
import { useAudioEngine } from "./use-audio-engine.ts"
import { usePlayer } from "./use-player.ts"

function nextRate(rate: number): number {
  const index = (PLAYBACK_RATES as readonly number[]).indexOf(rate)
  return PLAYBACK_RATES[(index + 1) % PLAYBACK_RATES.length] ?? 1
}

export default function AudioPlayer() {
  // How long the player stayed open (spec client §9, player_open_duration): it is mounted while it shows.
  useEffect(() => {
    const opened = Date.now()
    return () => track("player_open_duration", { seconds: Math.round((Date.now() - opened) / 1000) })
  }, [])
  const { t } = useTranslation("views")
  const audioRef = useRef<HTMLAudioElement>(null)
  useAudioEngine(audioRef)
  const s = usePlayer((state) => state)
  // The bar follows the element between the 1 s saves.
  const [position, setPosition] = useState(s.currentTime)
  useEffect(() => setPosition(s.currentTime), [s.currentTime])
  const store = playerStore.getState()
  // Space in the timeline (keyboard/commands.ts) plays or pauses whatever is loaded here.
  useEffect(() => {
    const toggle = () => playerStore.getState().toggle()
    window.addEventListener(TOGGLE_PLAY_EVENT, toggle)
    return () => window.removeEventListener(TOGGLE_PLAY_EVENT, toggle)
  }, [])

  return (
    <section
      data-testid="audio-player"
      data-status={s.status}
      aria-label={t("player.label")}
      // Above the phone's tab bar when there is one (mobile-tab-bar.tsx sets its height).
      style={{ bottom: "calc(var(--tab-bar-height, 0px) + 1rem)" }}
      className="fixed right-4 z-40 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2 rounded-2xl border border-line bg-surface/95 p-3 text-ink shadow-xl backdrop-blur"
    >
      {/* biome-ignore lint/a11y/useMediaCaption: podcasts come without caption tracks. */}
      <audio
        ref={audioRef}
        src={s.src ?? undefined}
        preload="metadata"
        data-testid="audio-element"
        onLoadedMetadata={(event) => {
          const audio = event.currentTarget
          store.setDuration(audio.duration)
          // A restored position (after a reload) is applied once the element knows the track.
          if (s.currentTime > 0 && Math.abs(audio.currentTime - s.currentTime) > 0.5) audio.currentTime = s.currentTime
        }}
        onTimeUpdate={(event) => setPosition(event.currentTarget.currentTime)}
        onPause={(event) => store.saveTime(event.currentTarget.currentTime)}
        onEnded={() => store.pause()}
      />
      <div className="flex items-center gap-3">
        <FeedIcon title={s.feedTitle || s.title} image={s.image} className="size-11 rounded-lg text-base" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold" data-testid="player-title">
            {s.title}
          </p>
          <p className="truncate text-xs text-ink-faint">{s.feedTitle}</p>
        </div>
        <PlayerButton label={t("player.close")} icon="close" onClick={() => store.close()} testId="player-close" />
      </div>
      <div className="flex items-center gap-2 text-[0.6875rem] text-ink-faint tabular-nums">
        <span data-testid="player-time">{formatMediaTime(position)}</span>
        <input
          type="range"
          min={0}
          max={s.duration || 0}
          step={1}
          value={Math.min(position, s.duration || 0)}
          disabled={!s.duration}
          aria-label={t("player.seek")}
          aria-valuetext={t("player.position", {
            current: formatMediaTime(position),
            total: formatMediaTime(s.duration),
          })}
          onChange={(event) => store.seek(Number(event.target.value))}
          className="h-1 min-w-0 flex-1 accent-(--color-accent)"
          data-testid="player-seek"
        />
        <span data-testid="player-duration">{formatMediaTime(s.duration)}</span>
      </div>
      <div className="flex items-center justify-between">
        <button
          type="button"
          data-testid="player-rate"
          onClick={() => store.setRate(nextRate(s.playbackRate))}
          aria-label={t("player.rate", { rate: s.playbackRate })}
          title={t("player.rate", { rate: s.playbackRate })}
          className="w-12 rounded-md py-1 text-xs font-semibold text-ink-soft tabular-nums hover:bg-hover"
        >
          {s.playbackRate}×
        </button>
        <div className="flex items-center gap-1">
          <PlayerButton
            label={t("player.skip_back", { seconds: SKIP_BACK_SECONDS })}
            icon="back"
            onClick={() => store.skip(-SKIP_BACK_SECONDS)}
            testId="player-back"
          />
          <button
            type="button"
            data-testid="player-toggle"
            onClick={() => store.toggle()}
            aria-label={s.status === "paused" ? t("player.play") : t("player.pause")}
            className="flex size-11 items-center justify-center rounded-full bg-accent text-on-accent hover:bg-accent-strong"
          >
            {s.status === "loading" ? (
              <Spinner className="size-5" label={t("player.loading")} />
            ) : (
              <MediaIcon name={s.status === "playing" ? "pause" : "play"} className="size-5" />
            )}
          </button>
          <PlayerButton
            label={t("player.skip_forward", { seconds: SKIP_FORWARD_SECONDS })}
            icon="forward"
            onClick={() => store.skip(SKIP_FORWARD_SECONDS)}
            testId="player-forward"
          />
        </div>
        <PlayerButton
          label={s.isMute ? t("player.unmute") : t("player.mute")}
          icon={s.isMute ? "mute" : "volume"}
          onClick={() => store.toggleMute()}
          testId="player-mute"
        />
      </div>
    </section>
  )
}

function PlayerButton(props: { label: string; icon: MediaIconName; onClick: () => void; testId: string }) {
  return (
    <button
      type="button"
      aria-label={props.label}
      title={props.label}
      data-testid={props.testId}
      onClick={props.onClick}
      className="flex size-9 items-center justify-center rounded-full text-ink-soft hover:bg-hover hover:text-ink"
    >
      <MediaIcon name={props.icon} className="size-[18px]" />
    </button>
  )
}

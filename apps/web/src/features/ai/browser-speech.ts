// The browser's own speech synthesis, for when the server offers no speech model: the voice setting names an
// Edge-style neural voice ("en-US-AndrewMultilingualNeural"), which is found among the browser's voices by name,
// else by person and language, else any voice of its language. Long text is spoken in pieces, since some
// browsers stop a single long utterance after a few seconds.

export interface VoiceLike {
  name: string
  lang: string
  voiceURI: string
}

const normalLang = (lang: string) => lang.replace("_", "-").toLowerCase()

/** The voice setting's language and person: "en-US-AndrewMultilingualNeural" → en-us, andrew. */
export function parseVoiceSetting(setting: string): { lang?: string; person?: string } {
  const match = /^([a-z]{2,3}-[A-Za-z]{2,4})-([A-Za-z]+?)(?:Multilingual)?Neural$/.exec(setting)
  if (!match) return {}
  return { lang: normalLang(match[1]!), person: match[2]!.toLowerCase() }
}

export function pickVoice<V extends VoiceLike>(voices: readonly V[], setting: string): V | undefined {
  const exact = voices.find((v) => v.name === setting || v.voiceURI === setting)
  if (exact) return exact
  const { lang, person } = parseVoiceSetting(setting)
  if (!lang) return undefined
  const sameLang = voices.filter((v) => normalLang(v.lang) === lang)
  return (
    (person && sameLang.find((v) => v.name.toLowerCase().includes(person))) ||
    sameLang[0] ||
    voices.find((v) => normalLang(v.lang).split("-")[0] === lang.split("-")[0])
  )
}

/** Pieces of at most `max` characters, cut after a sentence where possible, else at a space. */
export function speechChunks(text: string, max = 220): string[] {
  const chunks: string[] = []
  let rest = text.replace(/\s+/g, " ").trim()
  while (rest.length > max) {
    const window = rest.slice(0, max)
    let cut = Math.max(...[". ", "! ", "? ", "。", "！", "？", "; "].map((mark) => window.lastIndexOf(mark)))
    if (cut > 0) cut += 1
    else cut = window.lastIndexOf(" ")
    if (cut <= 0) cut = max
    chunks.push(rest.slice(0, cut).trim())
    rest = rest.slice(cut).trim()
  }
  if (rest) chunks.push(rest)
  return chunks
}

export function browserSpeechAvailable(): boolean {
  return typeof window !== "undefined" && "speechSynthesis" in window && "SpeechSynthesisUtterance" in window
}

export interface BrowserSpeech {
  pause(): void
  resume(): void
  stop(): void
}

/** Speaks the text; `onEnd` runs once, when the last piece is spoken or speaking failed. */
export function speakInBrowser(text: string, voiceSetting: string, onEnd: (failed: boolean) => void): BrowserSpeech {
  const synth = window.speechSynthesis
  synth.cancel()
  const voice = pickVoice(synth.getVoices(), voiceSetting)
  const chunks = speechChunks(text)
  let stopped = false
  let ended = false
  const finish = (failed: boolean) => {
    if (ended) return
    ended = true
    onEnd(failed)
  }
  chunks.forEach((chunk, index) => {
    const utterance = new SpeechSynthesisUtterance(chunk)
    if (voice) {
      utterance.voice = voice
      utterance.lang = voice.lang
    } else {
      const { lang } = parseVoiceSetting(voiceSetting)
      if (lang) utterance.lang = lang
    }
    if (index === chunks.length - 1) utterance.onend = () => finish(false)
    utterance.onerror = (event) => {
      // Cancelling (stop) reports "interrupted" or "canceled": not a failure.
      if (!stopped) finish(event.error !== "interrupted" && event.error !== "canceled")
    }
    synth.speak(utterance)
  })
  if (!chunks.length) finish(false)
  return {
    pause: () => synth.pause(),
    resume: () => synth.resume(),
    stop: () => {
      stopped = true
      synth.cancel()
      finish(false)
    },
  }
}

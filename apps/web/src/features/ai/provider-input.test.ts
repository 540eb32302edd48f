import { describe, expect, it } from "vitest"
import { providerProblem } from "./provider-input.ts"

describe("providerProblem", () => {
  it("wants an http or https address", () => {
    expect(providerProblem({ baseUrl: "", model: "m" })).toBe("provider.problem.base_url")
    expect(providerProblem({ baseUrl: "api.openai.com/v1", model: "m" })).toBe("provider.problem.base_url")
    expect(providerProblem({ baseUrl: "ftp://models.example/v1", model: "m" })).toBe("provider.problem.base_url")
    expect(providerProblem({ baseUrl: " http://192.168.1.20:11434/v1 ", model: "qwen2.5:7b" })).toBeNull()
  })

  it("wants a model name", () => {
    expect(providerProblem({ baseUrl: "https://api.openai.com/v1", model: "  " })).toBe("provider.problem.model")
  })

  it("wants the speech model a voice is for", () => {
    const base = { baseUrl: "https://api.openai.com/v1", model: "gpt-4.1-mini" }
    expect(providerProblem({ ...base, speechModel: " ", speechVoice: "alloy" })).toBe("provider.problem.speech_voice")
    expect(providerProblem({ ...base, speechModel: "tts-1", speechVoice: "alloy" })).toBeNull()
    expect(providerProblem({ ...base, speechModel: "tts-1", speechVoice: "" })).toBeNull()
    expect(providerProblem({ ...base, speechModel: "", speechVoice: "  " })).toBeNull()
  })
})

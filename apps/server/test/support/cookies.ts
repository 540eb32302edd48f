// Cookies as a browser keeps them across a sign-in's redirects: name → value, from Set-Cookie headers.

export type CookieJar = Map<string, string>

/** Takes the answer's Set-Cookie headers into the jar. */
export function keepCookies(jar: CookieJar, res: Response): void {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";")
    const at = pair!.indexOf("=")
    jar.set(pair!.slice(0, at), pair!.slice(at + 1))
  }
}

/** The jar as a Cookie request header. */
export const cookieHeader = (jar: CookieJar) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ")

// A mail server on loopback that speaks just enough SMTP for nodemailer (no TLS, no auth) and keeps what it got.
import net from "node:net"

export interface ReceivedMail {
  from: string
  to: string[]
  /** The message as sent: headers, a blank line, the body. */
  data: string
}

export interface SmtpStub {
  url: string
  received: ReceivedMail[]
  /** Resolves once `n` messages have arrived. */
  waitFor(n: number, timeoutMs?: number): Promise<void>
  close(): Promise<void>
}

export async function startSmtpStub(): Promise<SmtpStub> {
  const received: ReceivedMail[] = []
  const sockets = new Set<net.Socket>()
  const server = net.createServer((socket) => {
    sockets.add(socket)
    socket.on("close", () => sockets.delete(socket))
    socket.on("error", () => {})
    let buffer = ""
    let inData = false
    let mail: ReceivedMail = { from: "", to: [], data: "" }
    const reply = (line: string) => socket.write(`${line}\r\n`)
    reply("220 stub.test ESMTP")
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8")
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n")
          if (end < 0) return
          mail.data = buffer.slice(0, end).replace(/^\.\./gm, ".")
          buffer = buffer.slice(end + 5)
          inData = false
          received.push(mail)
          mail = { from: "", to: [], data: "" }
          reply("250 2.0.0 queued")
          continue
        }
        const eol = buffer.indexOf("\r\n")
        if (eol < 0) return
        const line = buffer.slice(0, eol)
        buffer = buffer.slice(eol + 2)
        const verb = line.slice(0, 4).toUpperCase()
        if (verb === "EHLO") socket.write("250-stub.test\r\n250 8BITMIME\r\n")
        else if (verb === "HELO") reply("250 stub.test")
        else if (verb === "MAIL") {
          mail.from = /<([^>]*)>/.exec(line)?.[1] ?? ""
          reply("250 2.1.0 ok")
        } else if (verb === "RCPT") {
          mail.to.push(/<([^>]*)>/.exec(line)?.[1] ?? "")
          reply("250 2.1.5 ok")
        } else if (verb === "DATA") {
          inData = true
          reply("354 go ahead")
        } else if (verb === "QUIT") {
          reply("221 bye")
          socket.end()
        } else reply("250 ok")
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const port = (server.address() as net.AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async waitFor(n, timeoutMs = 5000) {
      const until = Date.now() + timeoutMs
      while (received.length < n) {
        if (Date.now() > until) throw new Error(`expected ${n} mails, got ${received.length}`)
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    },
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      }),
  }
}

// Lenient date parsing: RFC 822 variants, W3C/ISO 8601 forms, foreign month names and plausibility checks.
import { describe, expect, it } from "vitest"
import { parseFeedDate } from "../../src/reader/dates.ts"

const iso = (text: string | null | undefined) => parseFeedDate(text)?.toISOString() ?? null

describe("parseFeedDate", () => {
  it.each([
    ["Thu, 01 Jan 2004 19:48:21 GMT", "2004-01-01T19:48:21.000Z"],
    ["Thu, 01 Jan 2004 19:48:21 +0200", "2004-01-01T17:48:21.000Z"],
    ["Thu, 01 Jan 2004 19:48:21 -05:30", "2004-01-02T01:18:21.000Z"],
    ["Thu, 01 Jan 2004 19:48 EST", "2004-01-02T00:48:00.000Z"],
    ["Thu, 01 Jul 2004 19:48:21 EDT", "2004-07-01T23:48:21.000Z"],
    ["Thu, 01 Jan 2004 19:48:21 PST", "2004-01-02T03:48:21.000Z"],
    ["Thu, 01 Jan 2004 19:48:21 UT", "2004-01-01T19:48:21.000Z"],
    ["Thu, 01 Jan 2004 19:48:21 Z", "2004-01-01T19:48:21.000Z"],
    ["Thu, 01 Jan 2004 19:48:21 A", "2004-01-01T20:48:21.000Z"],
    ["Thu, 01 Jan 2004 19:48:21", "2004-01-01T19:48:21.000Z"],
    ["01 Jan 04 19:48:21 GMT", "2004-01-01T19:48:21.000Z"],
    ["Fri, 01 Jan 99 00:00:00 GMT", "1999-01-01T00:00:00.000Z"],
    ["Mon, 01 Jan 2004 19:48:21 GMT", "2004-01-01T19:48:21.000Z"],
    ["Mon, 26 January 2004 16:31:00 PT", "2004-01-27T00:31:00.000Z"],
    ["Mon, 13 Feb, 2012 06:28:00 UTC", "2012-02-13T06:28:00.000Z"],
    ["Fri, 2006/09/15 08:19:53 EDT", "2006-09-15T12:19:53.000Z"],
    ["Wed, 19 Aug 2009 18:28:00 Etc/GMT", "2009-08-19T18:28:00.000Z"],
    ["Thu Aug 30 2012 17:26:16 +0200", "2012-08-30T15:26:16.000Z"],
    ["Thu, 01 Jan 2004", "2004-01-01T00:00:00.000Z"],
  ])("RFC 822 and friends: %s", (text, expected) => {
    expect(iso(text)).toBe(expected)
  })

  it.each([
    ["2003-12-31T10:14:55Z", "2003-12-31T10:14:55.000Z"],
    ["2003-12-31t10:14:55z", "2003-12-31T10:14:55.000Z"],
    ["2003-12-31T10:14:55.1234Z", "2003-12-31T10:14:55.000Z"],
    ["2003-12-31T10:14:55,5+01:00", "2003-12-31T09:14:55.000Z"],
    ["2003-12-31T10:14:55-08:00", "2003-12-31T18:14:55.000Z"],
    ["2003-12-31T10:14-0800", "2003-12-31T18:14:00.000Z"],
    ["2003-12-31 10:14:55", "2003-12-31T10:14:55.000Z"],
    ["2003-12-31", "2003-12-31T00:00:00.000Z"],
    ["2003-12", "2003-12-01T00:00:00.000Z"],
    ["2003", "2003-01-01T00:00:00.000Z"],
    ["20031231T101455Z", "2003-12-31T10:14:55.000Z"],
    ["2003-335", "2003-12-01T00:00:00.000Z"],
    ["-0312", "2003-12-01T00:00:00.000Z"],
    ["031231", "2003-12-31T00:00:00.000Z"],
    ["03-12-31", "2003-12-31T00:00:00.000Z"],
    ["2003-012-31T10:14:55+00:00", "2003-12-31T10:14:55.000Z"],
  ])("W3C/ISO 8601: %s", (text, expected) => {
    expect(iso(text)).toBe(expected)
  })

  it.each([
    ["Di, 13 Mär 2012 10:00:00 +0100", "2012-03-13T09:00:00.000Z"],
    ["1. Januar 2004 10:00", "2004-01-01T10:00:00.000Z"],
    ["mar., 13 févr. 2012 10:00:00 +0100", "2012-02-13T09:00:00.000Z"],
    ["13 décembre 2012", "2012-12-13T00:00:00.000Z"],
    ["mar, 13 feb 2012 10:00:00 +0100", "2012-02-13T09:00:00.000Z"],
    ["13 de febrero de 2012", "2012-02-13T00:00:00.000Z"],
    ["13 dicembre 2012 08:00", "2012-12-13T08:00:00.000Z"],
    ["13 maart 2012", "2012-03-13T00:00:00.000Z"],
    ["13 de março de 2012", "2012-03-13T00:00:00.000Z"],
    ["2004-05-25 오후 11:23:17", "2004-05-25T14:23:17.000Z"],
    ["2004년 05월 28일  01:31:15", "2004-05-27T16:31:15.000Z"],
  ])("other languages: %s", (text, expected) => {
    expect(iso(text)).toBe(expected)
  })

  it("rejects nonsense that Date.parse accepts", () => {
    expect(new Date("-0312").getUTCFullYear()).toBe(312) // why we never trust Date.parse
    expect(iso("garbage")).toBeNull()
    expect(iso("")).toBeNull()
    expect(iso(null)).toBeNull()
    expect(iso(undefined)).toBeNull()
    expect(iso("Wed, 31 Feb 2004 10:00:00 GMT")).toBeNull()
    expect(iso("2004-13-01")).toBeNull()
    expect(iso("2 days ago")).toBeNull()
  })

  it("rejects implausible years", () => {
    expect(iso("1850-01-01")).toBeNull()
    expect(iso("Sat, 01 Jan 0001 00:00:00 GMT")).toBeNull()
    expect(iso(`${new Date().getUTCFullYear() + 10}-01-01`)).toBeNull()
    expect(iso(`${new Date().getUTCFullYear() + 1}-01-01`)).not.toBeNull()
    expect(iso("1900-01-01")).toBe("1900-01-01T00:00:00.000Z")
  })
})

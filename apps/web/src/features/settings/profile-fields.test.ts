import { describe, expect, it } from "vitest"
import { type ProfileValues, profileInputOf, profileProblems } from "./profile-fields.ts"

const blank: ProfileValues = {
  name: "Kim",
  image: "",
  handle: "",
  bio: "",
  website: "",
  social: { twitter: "", github: "", instagram: "", facebook: "", youtube: "" },
}

describe("profile fields", () => {
  it("accept a name alone, and flag what the server would refuse", () => {
    expect(profileProblems(blank)).toEqual([])
    expect(
      profileProblems({
        ...blank,
        name: "  ",
        image: "javascript:alert(1)",
        handle: "ab",
        bio: "b".repeat(501),
        website: "ftp://x.test",
        social: { ...blank.social, github: "g".repeat(257) },
      }),
    ).toEqual(["name", "image", "handle", "bio", "website", "social"])
    expect(profileProblems({ ...blank, handle: "kim_keys.2", website: "https://kim.test" })).toEqual([])
  })

  it("send blanks as null and only the social links given", () => {
    expect(profileInputOf({ ...blank, bio: "  hi ", social: { ...blank.social, github: " kim " } })).toEqual({
      name: "Kim",
      image: null,
      handle: null,
      bio: "hi",
      website: null,
      socialLinks: { github: "kim" },
    })
  })
})

// The allowlists behind sanitizeHtml: what article markup survives, and which hosts may be embedded.

const words = (s: string): string[] => s.split(/\s+/).filter(Boolean)

const HTML_TAGS = words(`
  a abbr acronym address area article aside b bdi bdo big blockquote br button caption center cite code col colgroup
  data datagrid dd del details dfn dir div dl dt em figcaption figure font footer h1 h2 h3 h4 h5 h6 header hgroup hr
  i img ins kbd label li main map mark menu meter multicol nav nobr ol output p picture pre progress q rb rp rt rtc
  ruby s samp section small source span strike strong sub summary sup table tbody td tfoot th thead time tr tt u ul
  var wbr video audio track iframe
`)

// Presentation-only SVG: no script, foreignObject, animate/set (they can rewrite href to javascript:).
const SVG_TAGS = words(`
  svg g defs symbol use title desc path circle ellipse line polyline polygon rect text tspan textpath image
  lineargradient radialgradient stop clippath mask pattern marker
`)

const MATHML_TAGS = words(`
  math mi mn mo ms mspace mtext mrow mfrac msqrt mroot mstyle merror mpadded mphantom mfenced menclose msub msup
  msubsup munder mover munderover mmultiscripts mprescripts none mtable mtr mtd mlabeledtr maction semantics annotation
`)

export const ALLOWED_TAGS = [...HTML_TAGS, ...SVG_TAGS, ...MATHML_TAGS]

// Harmless presentational/semantic attributes allowed on any element (style is filtered separately, in
// sanitize-attributes.ts). Deliberately absent: class, id and
// name (DOM clobbering), on* handlers, form plumbing (action, formaction, method), accesskey/autofocus (they would
// hijack the reader's own keyboard handling) and ping (tracking).
const GLOBAL_ATTRIBUTES = words(`
  abbr align alt axis bgcolor border cellpadding cellspacing ch char charoff cite clear color cols colspan compact
  contenteditable coords datetime dir disabled face for frame headers height hidden high hreflang hspace label lang
  longdesc low max min noshade nowrap open optimum radiogroup rev rows rowspan rules scope shape size span start
  summary suppress title type valign value vrml vspace width xml:lang
`)

const SVG_ATTRIBUTES = words(`
  xmlns xmlns:xlink version baseprofile viewbox preserveaspectratio x y x1 y1 x2 y2 cx cy r rx ry d points dx dy
  fill fill-opacity fill-rule stroke stroke-width stroke-linecap stroke-linejoin stroke-dasharray stroke-dashoffset
  stroke-opacity stroke-miterlimit opacity transform font-family font-size font-weight font-style text-anchor
  dominant-baseline offset stop-color stop-opacity gradientunits gradienttransform spreadmethod fx fy clip-path
  clip-rule clippathunits mask marker-start marker-mid marker-end markerwidth markerheight refx refy orient
  patternunits patterncontentunits patterntransform href xlink:href xlink:type xlink:show xlink:title xlink:role
  id
`)

const MATHML_ATTRIBUTES = words(`
  xmlns xmlns:xlink display mathvariant mathsize mathcolor mathbackground displaystyle scriptlevel fence separator
  separators stretchy symmetric largeop movablelimits accent accentunder lspace rspace linethickness notation
  columnalign rowalign columnspan open close encoding xlink:href xlink:type xlink:show
`)

const PER_TAG: Record<string, string[]> = {
  a: ["href", "rel", "target", "xlink:href", "xlink:type", "xlink:show", "xlink:title", "xmlns:xlink"],
  img: ["src", "srcset", "sizes", "loading", "usemap", "ismap"],
  area: ["href", "nohref", "target", "rel"],
  q: ["cite"],
  blockquote: ["cite"],
  del: ["cite"],
  ins: ["cite"],
  ol: ["reversed"],
  video: ["src", "poster", "controls", "loop", "muted", "playsinline", "preload"],
  audio: ["src", "controls", "loop", "muted", "preload"],
  source: ["src", "srcset", "sizes", "media"],
  track: ["src", "kind", "srclang", "default"],
  iframe: ["src", "allow", "allowfullscreen", "frameborder", "loading", "referrerpolicy", "sandbox"],
  time: ["datetime"],
}

const GLOBAL_SET = new Set(GLOBAL_ATTRIBUTES)
const PER_TAG_SETS = new Map<string, Set<string>>([
  ...SVG_TAGS.map((t): [string, Set<string>] => [t, new Set(SVG_ATTRIBUTES)]),
  ...MATHML_TAGS.map((t): [string, Set<string>] => [t, new Set(MATHML_ATTRIBUTES)]),
])
for (const [tag, attrs] of Object.entries(PER_TAG)) {
  PER_TAG_SETS.set(tag, new Set([...(PER_TAG_SETS.get(tag) ?? []), ...attrs]))
}

/** The attribute allowlist; we apply it ourselves (sanitize-html rebuilds its own maps on every call). */
export function isAllowedAttribute(tag: string, name: string): boolean {
  return GLOBAL_SET.has(name) || (PER_TAG_SETS.get(tag)?.has(name) ?? false)
}

/** Every attribute name we allow, so empty values ("") survive as written. */
export const ALL_ATTRIBUTE_NAMES = [...new Set([...GLOBAL_SET, ...[...PER_TAG_SETS.values()].flatMap((s) => [...s])])]

/** Attributes holding URLs: resolved against the base and checked against the allowed schemes. */
export const URL_ATTRIBUTES = ["href", "src", "cite", "poster", "longdesc", "xlink:href"]

export const ALLOWED_SCHEMES = ["http", "https", "mailto", "ftp", "tel", "magnet"]

/** Video/audio players we allow as iframes; everything else is dropped. */
export const IFRAME_HOSTS = words(`
  www.youtube.com youtube.com m.youtube.com www.youtube-nocookie.com youtube-nocookie.com player.vimeo.com
  www.dailymotion.com dailymotion.com geo.dailymotion.com player.bilibili.com w.soundcloud.com open.spotify.com
  embed.music.apple.com player.twitch.tv clips.twitch.tv bandcamp.com www.loom.com fast.wistia.net
  embed.ted.com archive.org
`)

/** HTML void elements: always written as <x />. */
export const VOID_TAGS = words("img br hr area source track wbr col")

/** Childless SVG/MathML shapes, written self-closed when the source was HTML (as authors write them there). */
export const FOREIGN_EMPTY_TAGS = words("circle ellipse line path polygon polyline rect stop use image mspace none")

/** Elements after which text flows to a new line, so htmlToText puts a space there. */
export const BLOCK_TAGS = new Set(
  words(`
  address article aside blockquote br dd div dl dt figcaption figure footer h1 h2 h3 h4 h5 h6 header hr li main
  nav ol p pre section table tbody td tfoot th thead tr ul
`),
)

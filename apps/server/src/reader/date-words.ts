// Month names, weekday names and zone abbreviations the lenient date parser understands.

/** Lower-cased, accent-stripped month names and abbreviations (en, de, fr, es, it, nl, pt) → month 1-12. */
export const MONTHS: ReadonlyMap<string, number> = buildMonths([
  ["jan january januar janvier janv enero ene gennaio gen januari janeiro", 1],
  ["feb february februar fevrier fevr febrero febbraio februari fevereiro fev", 2],
  ["mar march marz mrz mars marzo maart mrt marco", 3],
  ["apr april avril avr abril aprile", 4],
  ["may mai mayo maggio mag mei maio", 5],
  ["jun june juni juin junio giugno giu junho", 6],
  ["jul july juli juillet juil julio luglio lug julho", 7],
  ["aug august aout agosto ago augustus", 8],
  ["sep sept september septembre septiembre setiembre settembre set setembro", 9],
  ["oct october oktober okt octobre octubre ottobre ott out outubro", 10],
  ["nov november novembre noviembre novembro", 11],
  ["dec december dezember dez decembre diciembre dic dicembre dezembro", 12],
])

function buildMonths(rows: [string, number][]): Map<string, number> {
  const map = new Map<string, number>()
  for (const [names, month] of rows) for (const name of names.split(" ")) map.set(name, month)
  return map
}

/** Zone abbreviations seen in feeds, as minutes east of UTC. Unknown names are treated as UTC. */
export const ZONES: ReadonlyMap<string, number> = new Map<string, number>([
  ["ut", 0],
  ["utc", 0],
  ["gmt", 0],
  ["z", 0],
  ["etc/gmt", 0],
  ["etc/utc", 0],
  ["wet", 0],
  ["west", 60],
  ["bst", 60],
  ["cet", 60],
  ["met", 60],
  ["cest", 120],
  ["mest", 120],
  ["eet", 120],
  ["eest", 180],
  ["msk", 180],
  ["ist", 330],
  ["sgt", 480],
  ["hkt", 480],
  ["awst", 480],
  ["jst", 540],
  ["kst", 540],
  ["acst", 570],
  ["aest", 600],
  ["aedt", 660],
  ["nzst", 720],
  ["nzdt", 780],
  ["adt", -180],
  ["ast", -240],
  ["at", -240],
  ["edt", -240],
  ["est", -300],
  ["et", -300],
  ["cdt", -300],
  ["cst", -360],
  ["ct", -360],
  ["mdt", -360],
  ["mst", -420],
  ["mt", -420],
  ["pdt", -420],
  ["pst", -480],
  ["pt", -480],
  ["akdt", -480],
  ["akst", -540],
  ["hst", -600],
])

/** RFC 822 military zones, taken literally as written in the RFC (A = -1h … M = -12h, N = +1h … Y = +12h). */
export function militaryZone(letter: string): number | null {
  if (letter.length !== 1 || letter === "j") return null
  const code = letter.charCodeAt(0)
  if (code >= 0x61 && code <= 0x69) return -(code - 0x60) * 60 // a-i
  if (code >= 0x6b && code <= 0x6d) return -(code - 0x61) * 60 // k-m
  if (code >= 0x6e && code <= 0x79) return (code - 0x6d) * 60 // n-y
  return code === 0x7a ? 0 : null
}

/** Strips accents and case so "Décembre", "MÄRZ" and "março" compare as plain ASCII words. */
export function foldWord(text: string): string {
  const lower = text.toLowerCase()
  if (!/[^ -~\s]/.test(lower)) return lower
  return lower.normalize("NFD").replace(/[\u0300-\u036f]/g, "")
}

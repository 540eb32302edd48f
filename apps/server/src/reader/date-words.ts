// Month names, weekday names and zone abbreviations the lenient date parser understands.

/**
 * Month names and abbreviations → month 1-12, in English, German, French, Spanish, Italian, Dutch, Portuguese,
 * Catalan, the Scandinavian languages, Finnish, Polish, Czech, Turkish, Russian and Ukrainian (nominative and
 * genitive, as dates write them). Keys are folded like the text they are compared with (see foldWord).
 */
export const MONTHS: ReadonlyMap<string, number> = buildMonths([
  [
    "jan january januar janvier janv enero ene gennaio gen januari janeiro gener tammikuu tammikuuta tammi styczen stycznia sty leden ledna ocak oca январь января янв січень січня січ",
    1,
  ],
  [
    "feb february februar fevrier fevr febrero febbraio februari fevereiro fev febrer febr helmikuu helmikuuta helmi luty lutego lut unor unora subat sub февраль февраля фев лютий лютого лют",
    2,
  ],
  [
    "mar march marz mrz mars marzo maart mrt marco marc maaliskuu maaliskuuta maalis marzec marca brezen brezna mart март марта мар березень березня бер",
    3,
  ],
  [
    "apr april avril avr abril aprile huhtikuu huhtikuuta huhti kwiecien kwietnia kwi duben dubna nisan nis апрель апреля апр квітень квітня квіт",
    4,
  ],
  [
    "may mai mayo maggio mag mei maio maig maj toukokuu toukokuuta touko maja kveten kvetna mayis mayıs май мая травень травня трав",
    5,
  ],
  [
    "jun june juni juin junio giugno giu junho juny kesakuu kesakuuta kesa czerwiec czerwca cze cerven cervna haziran haz июнь июня июн червень червня черв",
    6,
  ],
  [
    "jul july juli juillet juil julio luglio lug julho juliol heinakuu heinakuuta heina lipiec lipca lip cervenec cervence temmuz tem июль июля июл липень липня лип",
    7,
  ],
  [
    "aug august aout agosto ago augustus agost augusti elokuu elokuuta elo sierpien sierpnia sie srpen srpna agustos agu август августа авг серпень серпня серп",
    8,
  ],
  [
    "sep sept september septembre septiembre setiembre settembre set setembro setembre syyskuu syyskuuta syys wrzesien wrzesnia wrz zari eylul eyl сентябрь сентября сен сент вересень вересня вер",
    9,
  ],
  [
    "oct october oktober okt octobre octubre ottobre ott out outubro octubre lokakuu lokakuuta loka pazdziernik pazdziernika paz rijen rijna ekim eki октябрь октября окт жовтень жовтня жовт",
    10,
  ],
  [
    "nov november novembre noviembre novembro marraskuu marraskuuta marras listopad listopada lis listopadu kasim kasım kas ноябрь ноября ноя листопад листопада лист",
    11,
  ],
  [
    "dec december dezember dez decembre diciembre dic dicembre dezembro desembre desember des joulukuu joulukuuta joulu grudzien grudnia gru prosinec prosince aralik aralık ara декабрь декабря дек грудень грудня груд",
    12,
  ],
])

function buildMonths(rows: [string, number][]): Map<string, number> {
  const map = new Map<string, number>()
  for (const [names, month] of rows) for (const name of names.split(" ")) map.set(foldWord(name), month)
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

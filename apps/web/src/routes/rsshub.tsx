// /rsshub: the routes of the RSSHub instance the server uses (spec client §2).
import { RsshubPage } from "../features/rsshub/rsshub-page.tsx"

export { RsshubPage as Component }

// /discover: one search box for addresses, rsshub:// routes and words (feeds or lists), then what others here
// follow publicly, then the categories of the RSSHub instance.
import { useTranslation } from "react-i18next"
import { Categories } from "./categories.tsx"
import { DiscoverFrame } from "./discover-frame.tsx"
import { DiscoverSearch } from "./discover-search.tsx"
import { Recommendations } from "./recommendations.tsx"

export function DiscoverPage() {
  const { t } = useTranslation("discover")
  return (
    <DiscoverFrame title={t("title")} hint={t("hint")} testId="discover-page">
      <DiscoverSearch />
      <Recommendations />
      <Categories />
    </DiscoverFrame>
  )
}

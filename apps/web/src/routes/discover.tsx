// /discover and /discover/category/{category} (spec client §2).
import { CategoryPage } from "../features/discover/category-page.tsx"
import { DiscoverPage } from "../features/discover/discover-page.tsx"

export { CategoryPage, DiscoverPage as Component }

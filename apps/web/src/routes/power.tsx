// /power, the wallet page (spec client §2).
export { PowerPage as Component } from "../features/wallet/power-page.tsx"

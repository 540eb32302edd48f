// The local keys of the local copy (spec client §3 "Local keys"), apart from its code so the first screen can read
// them without loading it.
import { LOCAL_KEY_PREFIX } from "@tidings/shared"

/** The user the local database belongs to. */
export const USER_ID_KEY = `${LOCAL_KEY_PREFIX}user_id`
/** The app version this browser last ran, to flag an upgrade. */
export const APP_VERSION_KEY = `${LOCAL_KEY_PREFIX}app_version`

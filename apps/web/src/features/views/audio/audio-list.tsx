// The Audios view: the virtual entry list with episode rows. Loaded on demand when the view opens.
import { EntryList, type EntryListProps } from "../../timeline/entry-list.tsx"
import { AudioRow } from "./audio-row.tsx"

export default function AudioList(props: EntryListProps) {
  return <EntryList {...props} estimateRowSize={72} renderItem={(row) => <AudioRow {...row} />} />
}

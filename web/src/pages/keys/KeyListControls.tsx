import { useEffect, useId, useRef, useState } from "react";

/**
 * A search box that reports its text a moment after typing stops, and only when it changed:
 * reporting the empty text it starts with would send the list back to its first page after
 * someone paged on.
 */
export function KeySearch({ onSearch }: { onSearch: (text: string) => void }) {
  const id = useId();
  const [text, setText] = useState("");
  const reported = useRef("");
  useEffect(() => {
    const wanted = text.trim();
    if (wanted === reported.current) return;
    const timer = setTimeout(() => {
      reported.current = wanted;
      onSearch(wanted);
    }, 250);
    return () => clearTimeout(timer);
  }, [text, onSearch]);
  return (
    <div className="key-toolbar" role="search">
      <div className="field">
        <label htmlFor={`${id}-search`}>Search keys</label>
        <input
          id={`${id}-search`}
          type="search"
          maxLength={100}
          value={text}
          placeholder="Name, key start, id or owner email"
          onChange={(event) => setText(event.target.value)}
        />
      </div>
    </div>
  );
}

/** "21–40 of 45" with Previous and Next; nothing when everything fits on one page. */
export function Pager({
  offset,
  pageSize,
  total,
  onOffset,
}: {
  offset: number;
  pageSize: number;
  total: number;
  onOffset: (offset: number) => void;
}) {
  if (total <= pageSize && offset === 0) return null;
  const last = Math.min(offset + pageSize, total);
  return (
    <nav className="pager" aria-label="Key list pages">
      <button type="button" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - pageSize))}>
        Previous
      </button>
      <span role="status">{total === 0 ? "No keys" : `${offset + 1}–${last} of ${total}`}</span>
      <button type="button" disabled={last >= total} onClick={() => onOffset(offset + pageSize)}>
        Next
      </button>
    </nav>
  );
}

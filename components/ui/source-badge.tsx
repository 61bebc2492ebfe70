// "verified" = scored here from a findings file; "reported" = numbers published elsewhere, shown as given.
export function SourceBadge({ source }: { source: "verified" | "reported" }) {
  return (
    <span className={`badge ${source}`} title={source === "verified" ? "Scored on probebench from the submitted findings" : "Published elsewhere; not re-scored here"}>
      {source}
    </span>
  );
}

export function OfflineBadge() {
  return (
    <span className="badge offline" title="Scored with the offline judge (no LLM API key): a heuristic stand-in for the LLM judge">
      offline judge
    </span>
  );
}

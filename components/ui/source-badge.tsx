// "verified" = scored here from a findings file; "reported" = numbers published elsewhere, shown as given.
export function SourceBadge({ source }: { source: "verified" | "reported" }) {
  return (
    <span
      className={`badge ${source}`}
      title={
        source === "verified"
          ? "Scored on probebench from the submitted findings"
          : "Published elsewhere; not re-scored here"
      }
    >
      {source}
    </span>
  );
}

/** Scores whose embedding signals came from the offline embedder (see the submission page and docs/scoring.md). */
export function OfflineEmbedderBadge() {
  return (
    <span
      className="badge offline"
      title="Embedded with the offline embedder: its cosines sit far below the paper's thresholds, so two of the six prefilter signals rarely fire"
    >
      offline embedder
    </span>
  );
}

export function OfflineBadge() {
  return (
    <span
      className="badge offline"
      title="Scored with the offline judge (no LLM API key): a heuristic stand-in for the LLM judge"
    >
      offline judge
    </span>
  );
}

/** The submitter said the model's weights are published (`open_model` of the upload). */
export function OpenWeightsBadge() {
  return (
    <span className="badge subset" title="The submitter states that the model's weights are published">
      open weights
    </span>
  );
}

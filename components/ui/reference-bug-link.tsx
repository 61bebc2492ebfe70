import Link from "next/link";

/** A reference bug's id, linking to its page in the benchmark version the linking page shows (server and client safe). */
export function ReferenceBugLink({ repo, id, benchmark }: { repo: string; id: string; benchmark: string }) {
  return (
    <Link href={`/reference-bugs/${repo}/${encodeURIComponent(id)}?benchmark=${encodeURIComponent(benchmark)}`}>
      {id}
    </Link>
  );
}
